#include "shim.h"

#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

EditLine *tl_el_init(const char *program) { return el_init(program, stdin, stdout, stderr); }
void tl_el_end(EditLine *el) { el_end(el); }

void tl_el_set_clientdata(EditLine *el, void *data) { el_set(el, EL_CLIENTDATA, data); }

void *tl_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

void tl_el_set_prompt(EditLine *el, tl_prompt_fn prompt, char escape) {
    el_set(el, EL_PROMPT_ESC, (char *(*)(EditLine *))prompt, escape);
}

void tl_el_set_editor(EditLine *el, const char *mode) { el_set(el, EL_EDITOR, mode); }
void tl_el_set_signal(EditLine *el, int on) { el_set(el, EL_SIGNAL, on); }
void tl_el_set_history(EditLine *el, History *h) { el_set(el, EL_HIST, history, h); }

void tl_el_set_getc(EditLine *el, tl_getc_fn getc) { el_set(el, EL_GETCFN, getc); }

void tl_el_add_function(EditLine *el, const char *name, const char *help, tl_command_fn function) {
    el_set(el, EL_ADDFN, name, help, function);
}

void tl_el_bind(EditLine *el, const char *key, const char *command) { el_set(el, EL_BIND, key, command, NULL); }
int tl_el_source(EditLine *el) { return el_source(el, NULL); }
const char *tl_el_gets(EditLine *el, int *count) { return el_gets(el, count); }

void tl_el_line(EditLine *el, const char **buffer, const char **cursor, const char **last) {
    const LineInfo *info = el_line(el);
    *buffer = info->buffer;
    *cursor = info->cursor;
    *last = info->lastchar;
}

int tl_el_insertstr(EditLine *el, const char *text) { return el_insertstr(el, text); }
void tl_el_reset(EditLine *el) { el_reset(el); }

History *tl_history_init(void) { return history_init(); }
void tl_history_end(History *h) { history_end(h); }

void tl_history_setsize(History *h, int size) {
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
}

void tl_history_setunique(History *h, int unique) {
    HistEvent event;
    history(h, &event, H_SETUNIQUE, unique);
}

void tl_history_enter(History *h, const char *line) {
    HistEvent event;
    history(h, &event, H_ENTER, line);
}

int tl_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

int tl_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

void tl_history_each(History *h, void *context, void (*visit)(void *context, const char *line)) {
    HistEvent event;
    // H_LAST is the oldest entry; H_PREV moves towards the newest.
    if (history(h, &event, H_LAST) < 0) return;
    do {
        visit(context, event.str);
    } while (history(h, &event, H_PREV) >= 0);
}

int tl_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}
