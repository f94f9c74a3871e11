#if canImport(Glibc)
import Glibc
#endif

/// On SIGINT or SIGTERM: a message on stderr and exit code 2. Reports are only written at the end of a
/// run, through a temporary folder (`ReportWriter`), so an interrupted run never leaves a partial one.
/// The signals are unblocked first: a parent may have spawned us with them blocked.
func installInterruptHandlers() {
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for sig in [SIGINT, SIGTERM] {
        sigaddset(&unblock, sig)
        signal(sig) { _ in
            let message: StaticString = "camath-bench: interrupted; no report was written (any previous report is intact)\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(2)
        }
    }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
}
