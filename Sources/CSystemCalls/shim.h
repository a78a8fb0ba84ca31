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

