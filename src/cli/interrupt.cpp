#include "interrupt.hpp"

#include <csignal>
#include <string>

#include "options.hpp"

namespace gradnoise::cli {

namespace {
volatile std::sig_atomic_t received = 0;

extern "C" void on_signal(int sig) {
    if (received != 0) {
        // A second Ctrl-C while unwinding: the user insists; the default action ends the process now.
        std::signal(sig, SIG_DFL);
        std::raise(sig);
        return;
    }
    received = sig;
}
}  // namespace

void install_interrupt_handlers() noexcept {
#if defined(_WIN32)
    // Windows has no sigaction; its C runtime calls a signal() handler for Ctrl-C (SIGINT) and raise().
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
#else
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // writes resume; the work stops at its next poll
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
#endif
}

int interrupted_signal() noexcept { return received; }

void stop_if_interrupted(const char* outcome) {
    const int sig = received;
    if (sig != 0) {
        throw CliError(interrupted_exit_code(sig),
                       std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal") +
                           ": stopped; " +
                           (outcome != nullptr ? outcome : "files finished before it are kept, the unfinished one removed"));
    }
}

}  // namespace gradnoise::cli
