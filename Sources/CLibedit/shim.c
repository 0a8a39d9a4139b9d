// For ppoll, a GNU extension.
#define _GNU_SOURCE
#include "shim.h"

#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
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

static volatile sig_atomic_t resized = 0;

static void note_resize(int signal_number) {
    (void)signal_number;
    resized = 1;
}

void tl_watch_resizes(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_resize;
    sigemptyset(&action.sa_mask);
    // No SA_RESTART: the wait for a key must end, so the editor can follow the new size.
    action.sa_flags = 0;
    sigaction(SIGWINCH, &action, NULL);
}

int tl_take_resize(void) {
    int was = resized;
    resized = 0;
    return was;
}

void tl_hold_resizes(sigset_t *previous) {
    sigset_t winch;
    sigemptyset(&winch);
    sigaddset(&winch, SIGWINCH);
    pthread_sigmask(SIG_BLOCK, &winch, previous);
}

void tl_release_resizes(const sigset_t *previous) { pthread_sigmask(SIG_SETMASK, previous, NULL); }

int tl_wait_input(int fd, const sigset_t *mask) {
    struct pollfd descriptor = {.fd = fd, .events = POLLIN, .revents = 0};
    return ppoll(&descriptor, 1, NULL, mask);
}

void tl_el_screen(EditLine *el, int *columns, int *rows) {
    el_get(el, EL_GETTC, "co", columns);
    el_get(el, EL_GETTC, "li", rows);
}

void tl_el_resize(EditLine *el) { el_resize(el); }

void tl_el_redraw(EditLine *el) {
    // libedit draws from where it believes the cursor is, the start of its (forgotten) screen.
    fputc('\r', stdout);
    el_set(el, EL_REFRESH);
}

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
