#ifndef TAPLINE_PTY_SPAWN_H
#define TAPLINE_PTY_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` on a new pseudo-terminal of the given size, in its
/// own session (so libedit's re-sent signals reach only it). Returns the child's pid and
/// the terminal's controlling side in `*master`, or -1 when no pseudo-terminal can be had.
pid_t tl_spawn_in_pty(const char *path, char *const argv[], char *const envp[], int columns, int rows, int *master);

/// Gives the terminal a new size, as a terminal emulator does when its window is resized: the
/// kernel then sends SIGWINCH to the program. Returns 0, or -1 with errno.
int tl_pty_resize(int master, int columns, int rows);

/// Whether `pid` has taken every SIGWINCH sent and sleeps again (waiting for a key): 1, 0,
/// or -1 when unknown.
int tl_resize_settled(pid_t pid);

/// True when a pseudo-terminal can be opened here.
int tl_pty_available(void);

/// Waits up to `seconds` for the child; returns its exit status, -1 if it did not exit
/// normally, or -2 if it was still running (it is then killed).
int tl_wait_exit(pid_t pid, double seconds);

#endif
