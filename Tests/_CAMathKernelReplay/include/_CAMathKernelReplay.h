// Test-only: the portable kernels' calls recorded and played back, so that the same calls can run on another
// architecture (scripts/aarch64-kernels.sh builds the driver that runs them there, under QEMU) and its outputs
// be checked here by the tests' own contracts. The library never depends on this target.
#ifndef CAMATH_KERNEL_REPLAY_H
#define CAMATH_KERNEL_REPLAY_H
#include "_CAMathKernels.h"

/// The recording tables (exact, its `fast` the fast one), named "recorded-portable": each entry runs the
/// portable level's kernel and, while a recording is open, writes the call — its inputs and its outputs — to
/// the recording's file. Thread-safe (calls are recorded one at a time).
const camath_kernels *camath_replay_recording_kernels(void);
/// Opens a recording into `path` (replacing the file); 0, or −1 if it cannot be created or one is open.
int camath_replay_record_start(const char *path);
/// Closes the recording: the calls written, or −1 if a write failed. `unreplayable` gets the calls that could
/// not be recorded (an output overlapping an input without starting where it starts): they ran, unrecorded.
long camath_replay_record_stop(long *unreplayable);

/// Adds the calls and outputs of a replay file written by the driver to those loaded (up to 8 files); the
/// calls it holds, or −1 (message on stderr). `name` becomes the playback tables' name (at most 47 bytes are
/// kept). Resets the counts below.
long camath_replay_playback_load(const char *path, const char *name);
/// The playback tables (exact, its `fast` the fast one): each entry finds a loaded call with the same entry,
/// scalars, buffer shapes and input bytes, and writes that call's outputs (the bytes the kernel wrote there)
/// into its buffers. A call that was not loaded is a miss: it runs the portable kernel as the recording tables
/// do, and is recorded while a recording is open (a fast output that differs on the other architecture can
/// make the inputs of a later call differ too: those calls are recorded, run there and loaded in turn).
const camath_kernels *camath_replay_playback_kernels(void);
/// The calls played back, and those not found, since the last load.
long camath_replay_playback_hits(void);
long camath_replay_playback_misses(void);
/// Frees every loaded file.
void camath_replay_playback_unload(void);

#endif
