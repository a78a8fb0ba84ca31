/* The C library's calls that Swift's Glibc module does not show: declared here from glibc's
   own headers (so the compiler checks the types) rather than guessed in Swift. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <sched.h>
#include <sys/vfs.h>

/* sched_getaffinity(2) of `pid` (0: this process) into a mask of `size` bytes: 0 on success. */
static inline int kjc_sched_getaffinity(pid_t pid, size_t size, void *mask) {
    return sched_getaffinity(pid, size, (cpu_set_t *)mask);
}

/* The type of the file system holding `path` (statfs(2)'s f_type, e.g. 0x6969 for NFS) into
   `type`: 0 on success, -1 (and `type` untouched) when statfs fails. */
static inline int kjc_file_system_type(const char *path, unsigned long *type) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    *type = (unsigned long)info.f_type;
    return 0;
}

#include <pthread.h>

/* Makes the calling thread background work: SCHED_IDLE, so it runs only on a core no other
   thread wants, and a thread of the normal policy that wakes takes the core at once (nice 10
   still shares a core for a slice: measured, the school server's worker at nice 10 raised the
   frames' p99 by a quarter). Any thread may lower itself so, without privileges. 0 on success,
   else an errno value. */
static inline int kjc_thread_to_background(void) {
    struct sched_param param = { .sched_priority = 0 };
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
}

/* Makes the calling thread a thread of the normal policy again (SCHED_OTHER). Refused
   (EPERM) to a thread without CAP_SYS_NICE whose RLIMIT_NICE does not allow it: it then stays
   background. 0 on success, else an errno value. */
static inline int kjc_thread_to_normal(void) {
    struct sched_param param = { .sched_priority = 0 };
    return pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}
