#!/usr/bin/env bash
# Builds tapline in release and installs it with its man page, shell completions and editor
# files; --uninstall removes exactly what an install put there, from the manifest it wrote.
# A file at a target that no earlier install put there (or that was edited since) is never
# replaced: the install refuses before writing anything, or with --force keeps it aside.
# docs/INTEGRATIONS.md lists where each file goes and what each editor and shell needs.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/install.sh [--user | PREFIX] [--no-build] [--force] [--uninstall]

  PREFIX        install under PREFIX (default /usr/local): bin/, share/man/man1/,
                share/bash-completion/, share/zsh/site-functions/, share/vim/vimfiles/,
                share/tapline/ (the editor files and the install manifest)
  --user        install for this user only: PREFIX ~/.local, Vim files in ~/.vim, and the
                VS Code extension in ~/.vscode/extensions when VS Code's folder is there
  --no-build    use the release binary already built (.build/release/tapline)
  --force       keep each file in the way aside as FILE.tapline-saved (--uninstall puts
                it back) instead of refusing to install
  --uninstall   remove what the install under PREFIX (or --user) put there, except a file
                edited since, and put back what --force kept aside
  --help        show this help
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(sed -n 's/^let version = "\(.*\)"$/\1/p' "$root/Sources/tapline/Tool.swift")
prefix=/usr/local
user=""
build=1
force=""
uninstall=""
for argument in "$@"; do
    case $argument in
        --user) user=1 ;;
        --no-build) build="" ;;
        --force) force=1 ;;
        --uninstall) uninstall=1 ;;
        -h | --help) usage; exit 0 ;;
        -*) echo "install.sh: unknown option '$argument'" >&2; usage >&2; exit 2 ;;
        *) prefix=$argument ;;
    esac
done
if [[ -n $user ]]; then
    prefix=$HOME/.local
    vimdir=$HOME/.vim
else
    # The trailing "." keeps a newline that ends the prefix: $(...) would drop it.
    prefix=$(realpath -m -- "$prefix" && echo .)
    prefix=${prefix%$'\n.'}
    vimdir=$prefix/share/vim/vimfiles
fi
manifest_folder=$prefix/share/tapline
manifest=$manifest_folder/install-manifest
vscode_extensions=$HOME/.vscode/extensions
vscode_files=(package.json extension.js language-configuration.json syntaxes/tapline.tmLanguage.json)
saved_suffix=.tapline-saved

# What goes where: three parallel lists, one entry per file.
modes=() sources=() targets=()
plan() { modes+=("$1"); sources+=("$root/$2"); targets+=("$3"); }
plan 0755 .build/release/tapline "$prefix/bin/tapline"
plan 0644 docs/tapline.1 "$prefix/share/man/man1/tapline.1"
plan 0644 completions/tapline.bash "$prefix/share/bash-completion/completions/tapline"
plan 0644 completions/_tapline "$prefix/share/zsh/site-functions/_tapline"
for kind in syntax ftdetect ftplugin; do
    plan 0644 "editors/vim/$kind/tapline.vim" "$vimdir/$kind/tapline.vim"
done
for file in "${vscode_files[@]}"; do
    plan 0644 "editors/vscode/$file" "$prefix/share/tapline/editors/vscode/$file"
done
if [[ -n $user && -d $vscode_extensions ]]; then
    for file in "${vscode_files[@]}"; do
        plan 0644 "editors/vscode/$file" "$vscode_extensions/tapline.tapline-$version/$file"
    done
fi

# The folder a path is in, into the variable named $1; not $(dirname), which would drop a
# newline that ends the folder's name.
folder_of() {
    local folder_of_path=${2%/*}
    printf -v "$1" '%s' "${folder_of_path:-/}"
}

# The SHA-256 of a file's bytes, read from stdin so that sha256sum never escapes its name.
checksum() {
    local line
    line=$(sha256sum < "$1")
    printf '%s' "${line%% *}"
}

# What the manifest says: each file installed with the checksum of what was installed, each
# folder an install made, each file kept aside; in the order recorded.
declare -A sums=() kept_aside=() made=()
files=() folders=()
record_file() { [[ -n ${sums[$1]+set} ]] || files+=("$1"); sums[$1]=$2; }
record_folder() { [[ -n ${made[$1]+set} ]] || folders+=("$1"); made[$1]=1; }

# The manifest: NUL-terminated fields, a header, then three fields a record (kind, checksum
# or "-", path), so that any path reads back whole. `tr '\0' '\n' < FILE` shows it.
manifest_header="tapline install manifest, format 2: NUL-terminated kind, sha256, path"

read_manifest() {
    local header kind sum path
    IFS= read -r -d '' header < "$manifest" || true
    if [[ $header == "tapline install manifest"* && $header != "$manifest_header" ]]; then
        echo "install.sh: $manifest is in a format this install.sh does not know; use the one that wrote it" >&2
        exit 1
    elif [[ $header != "$manifest_header" ]]; then
        read_line_manifest
        return
    fi
    while IFS= read -r -d '' kind && IFS= read -r -d '' sum && IFS= read -r -d '' path; do
        case $kind in
            f) record_file "$path" "$sum" ;;
            d) record_folder "$path" ;;
            s) kept_aside[$path]=1 ;;
        esac
    done < <(tail -z -n +2 -- "$manifest")
}

# The earlier format, one "f PATH" or "d PATH" a line, cannot hold a path with a newline:
# only a line naming one of this install's own places is believed, and a file is taken to
# be as installed if it is a plain file now.
read_line_manifest() {
    local line path
    while IFS= read -r line; do
        path=${line#? }
        case $line in
            "f "*) is_place "$path" && [[ -f $path && ! -L $path ]] && record_file "$path" "$(checksum "$path")" ;;
            "d "*) is_folder_place "$path" && record_folder "$path" ;;
        esac
    done < "$manifest"
    return 0
}

# A target of this install, or a file of another version's VS Code extension folder.
is_place() {
    local target
    for target in "${targets[@]}"; do [[ $1 == "$target" ]] && return 0; done
    [[ $1 == "$vscode_extensions/tapline.tapline-"*/* ]]
}

# A folder that holds a target, or another version's VS Code extension folder.
is_folder_place() {
    local target
    for target in "${targets[@]}"; do [[ $target == "$1/"* ]] && return 0; done
    [[ $1 == "$vscode_extensions/tapline.tapline-"* ]]
}

# Whether the file at a path is the one an install put there: recorded, a plain file (not
# a symlink), and its bytes what was installed.
is_ours() {
    [[ -n ${sums[$1]+set} && -f $1 && ! -L $1 ]] && [[ $(checksum "$1") == "${sums[$1]}" ]]
}

write_manifest() {
    local tmp path
    tmp=$(mktemp -- "$manifest.XXXXXX")
    pending=$tmp
    {
        printf '%s\0' "$manifest_header"
        for path in "${folders[@]}"; do printf 'd\0-\0%s\0' "$path"; done
        for path in "${files[@]}"; do printf 'f\0%s\0%s\0' "${sums[$path]}" "$path"; done
        for path in "${!kept_aside[@]}"; do printf 's\0-\0%s\0' "$path"; done
    } > "$tmp"
    chmod 0644 -- "$tmp"
    mv -f -- "$tmp" "$manifest"
    pending=""
}

# --uninstall: each file still as installed, then what --force kept aside goes back, then
# the manifest, then the folders an install made (deepest first, and only while empty).
uninstall() {
    local path folder
    for path in "${files[@]}"; do
        if is_ours "$path"; then
            rm -f -- "$path" && echo "removed $path"
        elif [[ -e $path || -L $path ]]; then
            echo "kept $path: it changed since it was installed"
        fi
    done
    for path in "${!kept_aside[@]}"; do restore "$path"; done
    rm -f -- "$manifest"
    while IFS= read -r -d '' folder; do
        [[ -n $folder ]] && rmdir -- "$folder" 2>/dev/null && echo "removed $folder/"
    done < <(printf '%s\0' "${folders[@]}" | LC_ALL=C sort -rz)
    return 0
}

restore() {
    local saved=$1$saved_suffix
    [[ -e $saved || -L $saved ]] || return 0
    if [[ -e $1 || -L $1 ]]; then
        echo "kept $saved: $1 is in its place"
    else
        mv -- "$saved" "$1" && echo "put back $1"
    fi
}

# Every target in the way (there, and not what an earlier install put there), and every
# file where a folder must be, with why, into in_the_way and why_in_the_way.
in_the_way=() why_in_the_way=()
declare -A listed=()
in_the_way() {
    [[ -n ${listed[$1]+set} ]] && return 0
    listed[$1]=1
    in_the_way+=("$1")
    why_in_the_way+=("$2")
}

find_what_is_in_the_way() {
    local target folder
    for target in "${targets[@]}"; do
        if [[ -L $target ]]; then
            in_the_way "$target" "a symlink"
        elif [[ -e $target ]] && ! is_ours "$target"; then
            if [[ -n ${sums[$target]+set} ]]; then
                in_the_way "$target" "changed since it was installed"
            else
                in_the_way "$target" "not put there by an install"
            fi
        fi
        folder_of folder "$target"
        while [[ ! -e $folder && ! -L $folder ]]; do folder_of folder "$folder"; done
        [[ -d $folder ]] || in_the_way "$folder" "a file where a folder must be"
    done
}

# Stops before anything is written when something is in the way; with --force, keeps each
# target aside instead, unless a file is where a folder must be or a saved copy is there.
clear_the_way() {
    local index path
    find_what_is_in_the_way
    [[ ${#in_the_way[@]} -gt 0 ]] || return 0
    [[ -n $force ]] || refuse
    for index in "${!in_the_way[@]}"; do
        path=${in_the_way[index]}
        [[ ${why_in_the_way[index]} != "a file where a folder must be" ]] || refuse
        [[ ! -e $path$saved_suffix && ! -L $path$saved_suffix ]] || refuse
    done
    for index in "${!in_the_way[@]}"; do
        path=${in_the_way[index]}
        mv -- "$path" "$path$saved_suffix"
        kept_aside[$path]=1
        echo "kept aside $path as $path$saved_suffix (${why_in_the_way[index]})"
    done
}

refuse() {
    local index
    {
        echo "install.sh: installed nothing, because these are in the way:"
        for index in "${!in_the_way[@]}"; do
            echo "  ${in_the_way[index]} (${why_in_the_way[index]})"
        done
        echo "Move each away, or run again with --force to keep each aside as FILE$saved_suffix"
        echo "(--uninstall puts it back); --force does not move a file where a folder must be,"
        echo "nor a FILE whose FILE$saved_suffix is already there."
    } >&2
    exit 1
}

# Makes a folder and every missing parent, recording the ones it made.
make_folder() {
    local folder=$1 missing=()
    while [[ ! -d $folder ]]; do
        missing=("$folder" "${missing[@]}")
        folder_of folder "$folder"
    done
    for folder in "${missing[@]}"; do
        mkdir -- "$folder"
        record_folder "$folder"
    done
}

# Copies one file to its place through a temporary file beside it, so the place never holds
# half a file and a symlink there is replaced, not written through; then records it.
put() {
    local mode=$1 source=$2 target=$3 folder tmp
    folder_of folder "$target"
    make_folder "$folder"
    tmp=$(mktemp -- "$target.XXXXXX")
    pending=$tmp
    install -m "$mode" -- "$source" "$tmp"
    mv -f -- "$tmp" "$target"
    pending=""
    record_file "$target" "$(checksum "$target")"
    echo "installed $target"
}

pending=""
trap '[[ -z $pending ]] || rm -f -- "$pending"' EXIT
if [[ -f $manifest ]]; then
    read_manifest
fi

if [[ -n $uninstall ]]; then
    [[ -f $manifest ]] || { echo "install.sh: nothing installed under $prefix (no $manifest)" >&2; exit 1; }
    uninstall
    exit 0
fi

binary=$root/.build/release/tapline
if [[ -n $build ]]; then
    "$root/scripts/build.sh"
fi
[[ -x $binary ]] || { echo "install.sh: no release binary at $binary (run without --no-build)" >&2; exit 1; }
existing=$prefix
while [[ ! -d $existing ]]; do folder_of existing "$existing"; done
if [[ ! -w $existing ]]; then
    echo "install.sh: cannot write to $existing; run as root, or use --user" >&2
    exit 1
fi

# The manifest is rewritten after each step, so that even an install stopped half-way can
# be uninstalled and gives back what it kept aside.
clear_the_way
make_folder "$manifest_folder"
write_manifest
for index in "${!targets[@]}"; do
    put "${modes[index]}" "${sources[index]}" "${targets[index]}"
    write_manifest
done
echo "installed tapline $version under $prefix (manifest: $manifest)"

# What the shells and editors need that an install must not change for the user.
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it to use 'tapline' and 'man tapline'" ;;
esac
if [[ -n $user ]]; then
    if [[ ! -f /usr/share/bash-completion/bash_completion ]]; then
        echo "note: bash-completion is not installed; for TAB completion in bash add to ~/.bashrc:"
        echo "        source $prefix/share/bash-completion/completions/tapline"
    fi
    echo "note: for zsh, put 'fpath=($prefix/share/zsh/site-functions \$fpath)' before compinit in ~/.zshrc"
    [[ -d $vscode_extensions ]] || echo "note: for VS Code, copy $prefix/share/tapline/editors/vscode to ~/.vscode/extensions/tapline.tapline-$version"
elif [[ $prefix != /usr ]]; then
    echo "note: for Vim, add 'set runtimepath+=$vimdir' to your vimrc (Debian's vim does not look there)"
fi
