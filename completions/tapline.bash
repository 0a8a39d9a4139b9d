# bash completion for tapline(1): its options, then .tapline scripts (and directories);
# after the script, files for the script's own arguments.
# Installed by scripts/install.sh where bash-completion finds it; without bash-completion,
# source this file from ~/.bashrc. It uses no helper of bash-completion's.

_tapline() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=${COMP_WORDS[COMP_CWORD - 1]}
    local options="-e -i -q -h -v --check --swift --trace --machine --help --version --"
    local IFS=$'\n'
    COMPREPLY=()

    # What the words before the cursor already say: after `-e CODE` nothing more is read,
    # and after the script file every word is one of the script's arguments.
    local i word endOfOptions=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ -z $endOfOptions && $word == -e ]]; then
            ((i + 1 < COMP_CWORD)) && return 0
        elif [[ -z $endOfOptions && $word == -- ]]; then
            endOfOptions=1
        elif [[ -n $endOfOptions || $word != -* || $word == - ]]; then
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0
        fi
    done

    # The program text after -e is the user's to type.
    [[ -z $endOfOptions && $prev == -e ]] && return 0
    if [[ -z $endOfOptions && $cur == -* ]]; then
        COMPREPLY=($(compgen -W "${options// /$'\n'}" -- "$cur"))
        return 0
    fi
    COMPREPLY=($(compgen -f -X '!*.tapline' -- "$cur") $(compgen -d -- "$cur"))
    return 0
}

complete -o filenames -F _tapline tapline
