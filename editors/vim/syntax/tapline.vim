" Vim syntax file
" Language:    Tapline (a Swift-flavoured language for reactive bindings; docs/LANGUAGE.md)
" Filenames:   *.tapline, and scripts whose first line is '#!/usr/bin/env tapline'
" Checked by:  Tests/Integrations/test_editors.py (loads with no error, colours a sample)

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim
syn case match

" Later items win over earlier ones that match at the same column, so the general ones
" (numbers, members, plain strings) come first and the special ones after them.

" Operators and chain members: '.map {', '.debounce(for: …)'.
syn match taplineOperator /\.\.\.\|\.\.<\|->\|==\|!=\|<=\|>=\|&&\|||\|+=\|-=\|[-+*/%<>!?=&]/
syn match taplineMember /\%(\.\)\@1<=\h\w*\ze\s*[({]/
syn match taplineLabel /\%([(,]\s*\)\@<=\h\w*\ze\s*:\%(:\)\@!/

" Numbers, then durations: 300ms, 1.5s, .seconds(1).
syn match taplineNumber /\<\d[0-9_]*\>/
syn match taplineFloat /\<\d[0-9_]*\%(\.\d\+\%([eE][-+]\=\d\+\)\=\|[eE][-+]\=\d\+\)\>/
syn match taplineDuration /\<\d[0-9_]*\%(\.\d\+\)\=\%([eE][-+]\=\d\+\)\=\%(ns\|us\|ms\|s\|min\)\>/
syn match taplineDuration /\%([A-Za-z0-9_)\]]\)\@1<!\.\%(nanoseconds\|microseconds\|milliseconds\|seconds\)\>\ze\s*(/

" $name is a @Published value's publisher, $0 a closure argument.
syn match taplinePublisher /\$\h\w*/
syn match taplineClosureArgument /\$\d\+/

" Combine's types and the types annotations use; implicit members.
syn keyword taplineCombine Just Empty Fail Future Deferred Record PassthroughSubject CurrentValueSubject
syn keyword taplineCombine AnyPublisher AnyCancellable Cancellable Timer DispatchQueue RunLoop OperationQueue
syn keyword taplineCombine ImmediateScheduler Publishers Subscribers Result Set
syn keyword taplineType String Int Double Bool Void Any Error Never Duration
syn match taplineImplicitMember /\%([A-Za-z0-9_)\]"]\)\@1<!\.\%(unlimited\|max\|none\|finished\|failure\|success\|main\|common\|byTime\|byTimeOrCount\|dropOldest\|dropNewest\|customError\|keepFull\|byRequest\)\>/
syn match taplineBuiltin /\%([.$]\)\@1<!\<\%(print\|schedule\|min\|max\|abs\)\ze\s*(/
syn match taplineVariable /\%([.$]\)\@1<!\<\%(now\|arguments\)\>\%(\s*:\)\@!/
syn keyword taplineBoolean true false
syn keyword taplineNil nil

" Declarations and the names they declare.
syn keyword taplineDeclaration button subject current published let var skipwhite nextgroup=taplineDeclaredName
syn keyword taplineDeclaration func subscriber skipwhite nextgroup=taplineFunctionName
syn keyword taplineDeclaration view skipwhite nextgroup=taplineViewName
syn match taplineDeclaredName /\h\w*/ contained
syn match taplineFunctionName /\h\w*/ contained
syn match taplineViewName /\h\w*/ contained

" Control flow, and the words only special in one place.
" (Matches, not keywords: 'debounce(for: 300ms)' has a label 'for', and a later match wins.)
syn match taplineConditional /\%([.$]\)\@1<!\<\%(if\|else\|switch\|case\)\>\%(\s*:\)\@!/
syn keyword taplineConditional default
syn match taplineRepeat /\%([.$]\)\@1<!\<\%(for\|in\|repeat\)\>\%(\s*:\)\@!/
syn match taplineStatement /\%([.$]\)\@1<!\<\%(return\|throw\|try\|where\)\>\%(\s*:\)\@!/
syn match taplineLifecycle /\<on\ze\s\+\%(appear\|disappear\)\>/
syn match taplineLifecycle /\%(\<on\s\+\)\@<=\%(appear\|disappear\)\>/
syn match taplineLifecycle /\<completion\ze\s*{/

" Commands: a member such as 'button.tap' or 't.cancel()' is not one.
syn match taplineCommand /\%([.$]\)\@1<!\<\%(tap\|set\|send\|complete\|fail\|cancel\|request\|wait\|show\|hide\)\>\%(\s*[(:]\)\@!/
" Words that are commands only at the start of a statement (play, expect, frame, marbles, trace).
syn match taplineCommand /\%(\%(^\|[;{]\)\s*\)\@<=\<\%(play\|expect\|frame\|marbles\|trace\)\>\%(\s*[(:=.]\)\@!/

" Strings with escapes and \( interpolation \).
syn region taplineString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ contains=taplineEscape,taplineBadEscape,taplineInterpolation oneline
syn match taplineBadEscape /\\./ contained
syn match taplineEscape /\\[ntr0"'\\]/ contained
" Code inside \( \) is everything but the groups that only belong elsewhere; nested
" parentheses are a region of their own, so '\(max(1, 2))' ends at the right one.
syn cluster taplineNotCode contains=taplineDeclaredName,taplineFunctionName,taplineViewName,taplineEscape,taplineBadEscape,taplineInterpolation,taplineTodo,@taplineMarble
syn region taplineInterpolation matchgroup=taplineInterpolationDelimiter start=/\\(/ end=/)/ contained contains=ALLBUT,@taplineNotCode oneline
syn region taplineParens start=/(/ end=/)/ contained transparent contains=ALLBUT,@taplineNotCode oneline

" A marble string: the string last on a play/expect line (before an optional legend).
syn region taplineMarbleString matchgroup=taplineMarbleQuote start=/\%(\%(^\|[;{]\)\s*\%(play\|expect\)\>.*\)\@<="\ze[-A-Za-z0-9_|#()^!. ]*"\s*\%($\|\[\|;\|\/\/\)/ end=/"/ oneline contains=@taplineMarble
syn cluster taplineMarble contains=taplineMarbleFrame,taplineMarbleValue,taplineMarbleComplete,taplineMarbleError,taplineMarbleGroup,taplineMarbleSubscription,taplineMarbleTime
syn match taplineMarbleValue /[A-Za-z0-9_.]/ contained
syn match taplineMarbleFrame /-/ contained
syn match taplineMarbleComplete /|/ contained
syn match taplineMarbleError /#/ contained
syn match taplineMarbleGroup /[()]/ contained
syn match taplineMarbleSubscription /[\^!]/ contained
syn match taplineMarbleTime /\%(\s\)\@1<=\d\+\%(\.\d\+\)\=\%(ms\|s\|m\)\ze\s/ contained

" Comments: // and # to the end of the line ('#!' on the first line too), and /* */ that nest
" as Swift's do (playground markup //: and /*: */ is a comment of the same kind).
syn keyword taplineTodo TODO FIXME XXX NOTE contained
syn match taplineComment /\/\/.*$/ contains=taplineTodo
syn match taplineComment /#.*$/ contains=taplineTodo
syn region taplineBlockComment start=+/\*+ end=+\*/+ contains=taplineBlockComment,taplineTodo extend

" The REPL's :commands (also in notebook cells), at the start of a line.
syn match taplineMetaCommand /^\s*:\a\+\>/

hi def link taplineOperator Operator
hi def link taplineMember Function
hi def link taplineLabel Identifier
hi def link taplineNumber Number
hi def link taplineFloat Float
hi def link taplineDuration Number
hi def link taplinePublisher Identifier
hi def link taplineClosureArgument Special
hi def link taplineCombine Type
hi def link taplineType Type
hi def link taplineImplicitMember Constant
hi def link taplineBuiltin Function
hi def link taplineVariable Identifier
hi def link taplineBoolean Boolean
hi def link taplineNil Constant
hi def link taplineDeclaration StorageClass
hi def link taplineDeclaredName Identifier
hi def link taplineFunctionName Function
hi def link taplineViewName Type
hi def link taplineConditional Conditional
hi def link taplineRepeat Repeat
hi def link taplineStatement Statement
hi def link taplineLifecycle Label
hi def link taplineCommand Statement
hi def link taplineString String
hi def link taplineEscape SpecialChar
hi def link taplineBadEscape Error
hi def link taplineInterpolationDelimiter Delimiter
hi def link taplineMarbleQuote String
hi def link taplineMarbleString String
hi def link taplineMarbleValue Character
hi def link taplineMarbleFrame Delimiter
hi def link taplineMarbleComplete Statement
hi def link taplineMarbleError Exception
hi def link taplineMarbleGroup Delimiter
hi def link taplineMarbleSubscription Special
hi def link taplineMarbleTime Number
hi def link taplineTodo Todo
hi def link taplineComment Comment
hi def link taplineBlockComment Comment
hi def link taplineMetaCommand PreProc

let b:current_syntax = "tapline"
let &cpo = s:cpo_save
unlet s:cpo_save
