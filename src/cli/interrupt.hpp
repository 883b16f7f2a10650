// gradnoise CLI — Ctrl-C (SIGINT) and SIGTERM: the handler only records the signal; long work polls
// it at safe points (a fill's progress hook, between tiles and frames, every write of an encoder) and
// unwinds with an exception, so destructors remove temporary files and every finished file stays.
#ifndef GRADNOISE_CLI_INTERRUPT_HPP
#define GRADNOISE_CLI_INTERRUPT_HPP

namespace gradnoise::cli {

// Installs the handlers for SIGINT and SIGTERM (once per process; idempotent).
void install_interrupt_handlers() noexcept;
// The signal received (SIGINT, SIGTERM), or 0.
int interrupted_signal() noexcept;
// Exit status for a run stopped by signal `sig`: 128 + sig, the shell's convention (130, 143).
inline int interrupted_exit_code(int sig) noexcept { return 128 + sig; }
// If a signal arrived: throws CliError(128 + signal, "interrupted by SIGINT: stopped; " + outcome);
// else returns. `outcome` says what is kept (the default: a bake's files).
void stop_if_interrupted(const char* outcome = nullptr);

}  // namespace gradnoise::cli

#endif
