#ifndef TAPLINE_LIBEDIT_SHIM_H
#define TAPLINE_LIBEDIT_SHIM_H

// A thin C layer over libedit's native API. `el_set`, `el_get` and `history` are
// C-variadic, which Swift cannot call, so each use is wrapped in a fixed-arity function.

#include <histedit.h>
#include <signal.h>
#include <stdio.h>

typedef const char *(*tl_prompt_fn)(EditLine *);
typedef unsigned char (*tl_command_fn)(EditLine *, int);
typedef int (*tl_getc_fn)(EditLine *, wchar_t *);

EditLine *tl_el_init(const char *program);
void tl_el_end(EditLine *el);

void tl_el_set_clientdata(EditLine *el, void *data);
void *tl_el_get_clientdata(EditLine *el);
void tl_el_set_prompt(EditLine *el, tl_prompt_fn prompt, char escape);
void tl_el_set_editor(EditLine *el, const char *mode);
void tl_el_set_signal(EditLine *el, int on);
void tl_el_set_history(EditLine *el, History *h);
/// Replaces libedit's character reader (its own retries a read that a signal interrupted).
void tl_el_set_getc(EditLine *el, tl_getc_fn getc);
void tl_el_add_function(EditLine *el, const char *name, const char *help, tl_command_fn function);
void tl_el_bind(EditLine *el, const char *key, const char *command);
int tl_el_source(EditLine *el);
const char *tl_el_gets(EditLine *el, int *count);
void tl_el_line(EditLine *el, const char **buffer, const char **cursor, const char **last);
int tl_el_insertstr(EditLine *el, const char *text);
void tl_el_reset(EditLine *el);

// Resizes. libedit's SIGWINCH handler rebuilds its screen buffers for the new size but keeps
// the cursor position of the old layout, and the next key is written there: outside the
// buffers when the cursor is no longer on the screen (a terminal of one column is laid out as
// 80 columns, so narrowing to one column from wider than 80 does it). So SIGWINCH is let in
// only while the editor waits for a key, and the editor redraws after a resize that shrank it.

/// Installs a SIGWINCH handler that only notes the resize. libedit restores it after its own.
void tl_watch_resizes(void);
/// Whether the terminal was resized since the last call. Call with SIGWINCH held.
int tl_take_resize(void);
/// Holds SIGWINCH back in the calling thread; `previous` gets the mask it had.
void tl_hold_resizes(sigset_t *previous);
/// Restores the calling thread's mask from `tl_hold_resizes`.
void tl_release_resizes(const sigset_t *previous);
/// Waits until `fd` is readable with `mask` in force (so a held SIGWINCH comes in only here):
/// above 0 when it is, -1 with errno (EINTR after a signal).
int tl_wait_input(int fd, const sigset_t *mask);
/// The screen libedit lays the line out on, which may differ from the terminal's (a width
/// below 2 becomes 80, a height of 0 becomes 24).
void tl_el_screen(EditLine *el, int *columns, int *rows);
/// Has libedit take the terminal's size now (a SIGWINCH after the first in a line reaches
/// only the handler of `tl_watch_resizes`).
void tl_el_resize(EditLine *el);
/// Forgets libedit's idea of what is on the screen and draws the prompt and line afresh from
/// the start of the terminal's current row.
void tl_el_redraw(EditLine *el);

History *tl_history_init(void);
void tl_history_end(History *h);
void tl_history_setsize(History *h, int size);
void tl_history_setunique(History *h, int unique);
void tl_history_enter(History *h, const char *line);
int tl_history_load(History *h, const char *path);
int tl_history_save(History *h, const char *path);
/// Calls `visit` with every entry, oldest first.
void tl_history_each(History *h, void *context, void (*visit)(void *context, const char *line));

/// The terminal's width in columns, or 80.
int tl_terminal_columns(int fd);

#endif
