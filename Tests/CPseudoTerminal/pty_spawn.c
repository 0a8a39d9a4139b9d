#include "pty_spawn.h"

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

pid_t tl_spawn_in_pty(const char *path, char *const argv[], char *const envp[], int columns, int rows, int *master) {
    struct winsize size = {0};
    size.ws_col = (unsigned short)columns;
    size.ws_row = (unsigned short)rows;
    pid_t pid = forkpty(master, NULL, NULL, &size);
    if (pid == 0) {
        // Start from a clean signal state, whatever the test runner's threads had.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int signal_number = 1; signal_number < NSIG; signal_number++) signal(signal_number, SIG_DFL);
        execve(path, argv, envp);
        _exit(127);
    }
    return pid;
}

int tl_wait_exit(pid_t pid, double seconds) {
    int status = 0;
    for (int waited = 0; waited < (int)(seconds * 100); waited++) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (done < 0) return -1;
        usleep(10000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return -2;
}

int tl_pty_available(void) {
    int master = -1, slave = -1;
    if (openpty(&master, &slave, NULL, NULL, NULL) != 0) return 0;
    close(master);
    close(slave);
    return 1;
}

int tl_pty_resize(int master, int columns, int rows) {
    struct winsize size = {0};
    size.ws_col = (unsigned short)columns;
    size.ws_row = (unsigned short)rows;
    return ioctl(master, TIOCSWINSZ, &size);
}

int tl_resize_settled(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *status = fopen(path, "r");
    if (status == NULL) return -1;
    // Pending signals show as hex masks, bit n-1 for signal n: the thread's own and the process's.
    unsigned long long pending = 0, mask = 0;
    char state = '?';
    int found = 0;
    char line[256];
    while (fgets(line, sizeof line, status) != NULL) {
        if (sscanf(line, "SigPnd: %llx", &mask) == 1 || sscanf(line, "ShdPnd: %llx", &mask) == 1) {
            pending |= mask;
            found++;
        }
        if (sscanf(line, "State: %c", &state) == 1) found++;
    }
    fclose(status);
    if (found < 3) return -1;
    // libedit's handler sends the signal again to the handler it displaced, so "not pending"
    // alone can be seen between the two; asleep with nothing pending is after both.
    if ((pending >> (SIGWINCH - 1)) & 1ULL) return 0;
    return state == 'S' ? 1 : 0;
}
