// The sanitizers' settings, compiled into every program of a sanitized tree, so that the tests and
// the programs they start need nothing in their environment (which still overrides these).
#ifndef GEMMTUNE_LSAN_SUPPRESSIONS
#error "GEMMTUNE_LSAN_SUPPRESSIONS names cmake/lsan_suppressions.txt"
#endif

extern "C" {

// Dynamic TLS is not tracked: PoCL's worker threads hold blocks of it whose bounds LeakSanitizer
// misreads once a kernel was compiled in the process, and its tracer then crashes at exit ("Tracer
// caught signal 11"). The program's own thread-local variables are static TLS, still scanned.
const char* __asan_default_options() { return "intercept_tls_get_addr=0"; }

const char* __lsan_default_options() { return "print_suppressions=0:suppressions=" GEMMTUNE_LSAN_SUPPRESSIONS; }

const char* __ubsan_default_options() { return "print_stacktrace=1"; }

}
