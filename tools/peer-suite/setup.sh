#!/bin/bash
# Rebuilds, in $PEER_WORK, the OpenCombine tests copied from the checkout at $OPENCOMBINE (read only):
# copies helpers and test files, rewrites the import block to `import TaplineReactive`,
# then wraps the members listed in drops.tsv in `#if false // OCCORE-DROP: reason`.
# Adapters/ (hand-written, beside this script) is copied in.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${PEER_WORK:?}; OC=${OPENCOMBINE:?}/Tests/OpenCombineTests
cd "$work"
T=Tests/OpenCombineTests
rm -rf $T/Helpers $T/PublisherTests $T/SubscribersTests $T/Adapters $T/*.swift
mkdir -p $T/Helpers $T/PublisherTests $T/SubscribersTests $T/Adapters
cp "$here/Adapters/"*.swift $T/Adapters/
for h in AssertCrashes AutomaticallyFinish CleaningUpSubscriber CommonTests CustomPublisher CustomSubscription \
         ExecuteOnBackgroundThread FairPriorityQueue OperatorTestHelper TestLifecycle TestReflection TestingError \
         TestingThreadSafety TrackingCollection TrackingEncoder TrackingSubscriber VirtualTimeScheduler XCTUnwrap; do
  cp $OC/Helpers/$h.swift $T/Helpers/; done
# Top level. Left out: Introspection (Combine's _Introspection hooks), VirtualTimeScheduler
# (tests the test helper, not the core).
for t in AnyCancellable AnyPublisher AnySubscriber CurrentValueSubject PassthroughSubject Published \
         CombineIdentifier ImmediateScheduler ObservableObject ObservableObjectPublisher Publisher; do
  cp $OC/${t}Tests.swift $T/; done
cp $OC/Subscriptions/EmptySubscriptionTests.swift $T/
for t in Assign Completion Sink SubscribersDemand; do cp $OC/SubscribersTests/${t}Tests.swift $T/SubscribersTests/; done
# Every operator the core implements. Left out: Breakpoint (no breakpoint), Encode (no encode/decode), OptionalPublisher
# and ResultPublisher (the core has the publishers, not yet their operator specializations).
for t in Collect CollectByCount CompactMap Debounce Delay Drop Empty Fail Filter First Just Last Map Output \
         Print Reduce RemoveDuplicates Scan Sequence SetFailureType Share Throttle Zip \
         AllSatisfy AssertNoFailure Autoconnect Buffer Catch Comparison Concatenate Contains Count Deferred \
         DropUntilOutput DropWhile FlatMap Future HandleEvents IgnoreOutput MakeConnectable MapError \
         MeasureInterval Multicast PrefixUntilOutput PrefixWhile ReceiveOn Record ReplaceEmpty ReplaceError \
         ReplaceNil Retry SubscribeOn SwitchToLatest Timeout MapKeyPath; do
  cp $OC/PublisherTests/${t}Tests.swift $T/PublisherTests/; done
chmod -R u+w $T
python3 - <<'PY'
import re, glob
for p in glob.glob('Tests/OpenCombineTests/**/*.swift', recursive=True):
    if '/Adapters/' in p: continue
    s = open(p).read()
    s = s.replace('''#if OPENCOMBINE_COMPATIBILITY_TEST
import Combine

@available(macOS 10.15, iOS 13.0, *)
private typealias Published = Combine.Published

@available(macOS 10.15, iOS 13.0, *)
private typealias ObservableObject = Combine.ObservableObject
#else
import OpenCombine

private typealias Published = OpenCombine.Published

private typealias ObservableObject = OpenCombine.ObservableObject
#endif''', '''import TaplineReactive

private typealias Published = TaplineReactive.Published

private typealias ObservableObject = TaplineReactive.ObservableObject''')
    s = re.sub(r'#if OPENCOMBINE_COMPATIBILITY_TEST\nimport Combine\n#else\nimport OpenCombine\n#endif', 'import TaplineReactive', s)
    open(p, 'w').write(s)
PY
while IFS=$'\t' read -r file name reason; do
  [ -z "$file" ] && continue
  if [[ "$name" == @* ]]; then
    python3 "$here/tools/methods.py" droptop "$T/$file" "${name#@}" "$reason"
  else
    python3 "$here/tools/methods.py" drop "$T/$file" "$name" "$reason"
  fi
done < "${DROPS:-$here/drops.tsv}"
echo "setup done: $(grep -rc 'OCCORE-DROP' $T | awk -F: '{s+=$2} END {print s}') members dropped"
