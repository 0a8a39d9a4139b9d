#!/usr/bin/env bash
# Builds tapline in release and installs it with its man page, shell completions and editor
# files; --uninstall removes exactly what an install put there, from the manifest it wrote.
# docs/INTEGRATIONS.md lists where each file goes and what each editor and shell needs.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/install.sh [--user | PREFIX] [--no-build] [--uninstall]

  PREFIX        install under PREFIX (default /usr/local): bin/, share/man/man1/,
                share/bash-completion/, share/zsh/site-functions/, share/vim/vimfiles/,
                share/tapline/ (the editor files and the install manifest)
  --user        install for this user only: PREFIX ~/.local, Vim files in ~/.vim, and the
                VS Code extension in ~/.vscode/extensions when VS Code's folder is there
  --no-build    use the release binary already built (.build/release/tapline)
  --uninstall   remove what the install under PREFIX (or --user) put there
  --help        show this help
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(sed -n 's/^let version = "\(.*\)"$/\1/p' "$root/Sources/tapline/Tool.swift")
prefix=/usr/local
user=""
build=1
uninstall=""
for argument in "$@"; do
    case $argument in
        --user) user=1 ;;
        --no-build) build="" ;;
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
    prefix=$(realpath -m -- "$prefix")
    vimdir=$prefix/share/vim/vimfiles
fi
manifest=$prefix/share/tapline/install-manifest

# --uninstall: the manifest's files, then the manifest, then the folders the install made
# (deepest first, and only while empty: a folder that holds anything else stays).
if [[ -n $uninstall ]]; then
    [[ -f $manifest ]] || { echo "install.sh: nothing installed under $prefix (no $manifest)" >&2; exit 1; }
    while read -r kind path; do
        [[ $kind == f ]] && rm -f -- "$path" && echo "removed $path"
    done < "$manifest"
    folders=$(sed -n 's/^d //p' "$manifest" | sort -r)
    rm -f -- "$manifest"
    while IFS= read -r folder; do
        [[ -n $folder ]] && rmdir -- "$folder" 2>/dev/null && echo "removed $folder/"
    done <<< "$folders"
    exit 0
fi

binary=$root/.build/release/tapline
if [[ -n $build ]]; then
    "$root/scripts/build.sh"
fi
[[ -x $binary ]] || { echo "install.sh: no release binary at $binary (run without --no-build)" >&2; exit 1; }
existing=$prefix
while [[ ! -d $existing ]]; do existing=$(dirname "$existing"); done
if [[ ! -w $existing ]]; then
    echo "install.sh: cannot write to $existing; run as root, or use --user" >&2
    exit 1
fi

# Everything installed is recorded; an earlier manifest's lines are kept, so the folders an
# earlier install made are still removed by --uninstall.
entries=()
[[ -f $manifest ]] && mapfile -t entries < "$manifest"

# Makes a folder and every missing parent, recording the ones it made.
make_folder() {
    local folder=$1 missing=()
    while [[ ! -d $folder ]]; do
        missing=("$folder" "${missing[@]}")
        folder=$(dirname "$folder")
    done
    for folder in "${missing[@]}"; do
        mkdir -- "$folder"
        entries+=("d $folder")
    done
}

# Copies one file from the sources to its place, with a mode, and records it.
put() {
    local mode=$1 source=$root/$2 target=$3
    make_folder "$(dirname "$target")"
    install -m "$mode" -- "$source" "$target"
    entries+=("f $target")
    echo "installed $target"
}

make_folder "$prefix"
put 0755 .build/release/tapline "$prefix/bin/tapline"
put 0644 docs/tapline.1 "$prefix/share/man/man1/tapline.1"
put 0644 completions/tapline.bash "$prefix/share/bash-completion/completions/tapline"
put 0644 completions/_tapline "$prefix/share/zsh/site-functions/_tapline"
for kind in syntax ftdetect ftplugin; do
    put 0644 "editors/vim/$kind/tapline.vim" "$vimdir/$kind/tapline.vim"
done
vscode_files=(package.json language-configuration.json syntaxes/tapline.tmLanguage.json)
for file in "${vscode_files[@]}"; do
    put 0644 "editors/vscode/$file" "$prefix/share/tapline/editors/vscode/$file"
done
vscode_extensions=$HOME/.vscode/extensions
if [[ -n $user && -d $vscode_extensions ]]; then
    for file in "${vscode_files[@]}"; do
        put 0644 "editors/vscode/$file" "$vscode_extensions/tapline.tapline-$version/$file"
    done
fi

make_folder "$(dirname "$manifest")"
printf '%s\n' "${entries[@]}" | awk '!seen[$0]++' > "$manifest"
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
