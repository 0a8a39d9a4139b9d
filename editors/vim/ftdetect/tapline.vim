" Tapline scripts: *.tapline, or a '#!' first line that runs tapline.
autocmd BufRead,BufNewFile *.tapline setfiletype tapline
autocmd BufRead,BufNewFile * if getline(1) =~# '^#!.*\<tapline\>' | setfiletype tapline | endif
