#include "lf_glib_shims.h"

#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The main-loop watchdog: a timeout on the main loop beats every 100 ms (a fifth of the
 * threshold when that is shorter, so a 50 ms stall is seen); a thread of its own
 * checks the beat, and when the loop has not come round for longer than the threshold it
 * signals the main thread, whose handler writes its stack to stderr (backtrace_symbols_fd is
 * safe in a handler), and tells the caller how long the stall has lasted. */

static atomic_llong last_beat_us;
static pthread_t main_thread;
static int threshold_ms;
static int beat_ms;
static LfStallHandler stall_handler;
static gpointer stall_data;
static const int STACK_SIGNAL_OFFSET = 7;
static atomic_bool stopping;
static guint beat_source;
static pthread_t watch_thread;

static long long now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static gboolean beat(gpointer data) {
    (void)data;
    atomic_store(&last_beat_us, now_us());
    return G_SOURCE_CONTINUE;
}

static void write_stack(int signal_number) {
    (void)signal_number;
    void *frames[96];
    int count = backtrace(frames, 96);
    static const char header[] = "loopfeed: the main thread's stack while the main loop stalls:\n";
    ssize_t ignored = write(STDERR_FILENO, header, sizeof header - 1);
    (void)ignored;
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
}

static void *watch(void *data) {
    (void)data;
    gboolean reported = FALSE;
    long long stalled_since_us = 0;
    while (!atomic_load(&stopping)) {
        g_usleep((gulong)beat_ms * 1000);
        long long beat_us = atomic_load(&last_beat_us);
        long long stalled_ms = (now_us() - beat_us) / 1000;
        if (stalled_ms > threshold_ms) {
            if (!reported) {
                reported = TRUE;
                stalled_since_us = beat_us;
                fprintf(stderr, "loopfeed: the main loop has not come round for %lld ms\n", stalled_ms);
                pthread_kill(main_thread, SIGRTMIN + STACK_SIGNAL_OFFSET);
            }
        } else if (reported) {
            /* Over: from the last beat before the stall to the first after it (each beat is
             * a beat late at most), not the little time since that first beat. */
            reported = FALSE;
            if (stall_handler) stall_handler((beat_us - stalled_since_us) / 1000, stall_data);
        }
    }
    return NULL;
}

void lf_watchdog_start(int stall_ms, LfStallHandler handler, gpointer data) {
    threshold_ms = stall_ms;
    beat_ms = stall_ms / 5 < 10 ? 10 : (stall_ms / 5 > 100 ? 100 : stall_ms / 5);
    stall_handler = handler;
    stall_data = data;
    main_thread = pthread_self();
    atomic_store(&last_beat_us, now_us());
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = write_stack;
    action.sa_flags = SA_RESTART;
    sigaction(SIGRTMIN + STACK_SIGNAL_OFFSET, &action, NULL);
    /* Loaded now, not inside the handler: backtrace() loads libgcc_s on its first call. */
    void *warm[1];
    backtrace(warm, 1);
    atomic_store(&stopping, FALSE);
    beat_source = g_timeout_add_full(G_PRIORITY_HIGH, (guint)beat_ms, beat, NULL, NULL);
    pthread_create(&watch_thread, NULL, watch, NULL);
}

void lf_watchdog_stop(void) {
    if (!beat_source) return;
    atomic_store(&stopping, TRUE);
    pthread_join(watch_thread, NULL);
    g_source_remove(beat_source);
    beat_source = 0;
}
