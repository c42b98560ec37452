// The Boost.MSM peers of workloads W1–W3 (docs/benchmarks.md, "Boost.MSM as a peer"), behind a
// small C API so that Swift can drive them without C++ interoperability. Each machine is made by
// `msm_wN_make` (started: its initial state entered), fed a batch of event codes by
// `msm_wN_process`, read back for verification, and freed by `msm_wN_free`.
#ifndef CBOOSTMSM_H
#define CBOOSTMSM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Event codes, one byte per event. Any other code is an event no state accepts.
enum {
    MSM_W1_T = 0,      ///< W1's `t`
    MSM_W2_NEXT = 0,   ///< W2's `next`
    MSM_W2_BOGUS = 1,  ///< W2's `bogus`
    MSM_W3_X = 0,      ///< W3's `x`
};

/// The number of W3 counters: an entry and an exit counter for each of its 11 states.
#define MSM_W3_COUNTERS 22

typedef struct msm_w1 msm_w1;
typedef struct msm_w2 msm_w2;
typedef struct msm_w3 msm_w3;

/// W1 toggle, started in A. NULL if memory runs out.
msm_w1 *_Nullable msm_w1_make(void);
void msm_w1_free(msm_w1 *_Nullable machine);
/// Sends `count` events; returns how many were accepted.
int64_t msm_w1_process(msm_w1 *_Nonnull machine, const uint8_t *_Nullable events, int64_t count);
/// The transition counter.
int64_t msm_w1_count(const msm_w1 *_Nonnull machine);
/// The active state: 0 for A, 1 for B.
int32_t msm_w1_state(const msm_w1 *_Nonnull machine);

/// W2 ring, started in S0. NULL if memory runs out.
msm_w2 *_Nullable msm_w2_make(void);
void msm_w2_free(msm_w2 *_Nullable machine);
int64_t msm_w2_process(msm_w2 *_Nonnull machine, const uint8_t *_Nullable events, int64_t count);
/// The transition counter.
int64_t msm_w2_count(const msm_w2 *_Nonnull machine);
/// The active state: i for Si.
int32_t msm_w2_state(const msm_w2 *_Nonnull machine);

/// W3 deep, started in A111 (Root, A, A1, A11 and A111 entered). NULL if memory runs out.
msm_w3 *_Nullable msm_w3_make(void);
void msm_w3_free(msm_w3 *_Nullable machine);
int64_t msm_w3_process(msm_w3 *_Nonnull machine, const uint8_t *_Nullable events, int64_t count);
/// Writes the 22 counters in the order of the Swift workload's context: rootIn, rootOut, aIn,
/// aOut, a1In, a1Out, a11In, a11Out, a111In, a111Out, a112In, a112Out, then the same for B.
void msm_w3_counters(const msm_w3 *_Nonnull machine, int64_t *_Nonnull out);
/// The active leaf: 0 for A111, 1 for B112, -1 for any other configuration.
int32_t msm_w3_leaf(const msm_w3 *_Nonnull machine);

#ifdef __cplusplus
}
#endif

#endif
