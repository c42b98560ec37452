// W2 ring with Boost.MSM: states S0…S9; `next` goes Si→S(i+1 mod 10), counting; `bogus` is in no
// transition, so every state rejects it.
#include "CBoostMSM.h"
#include "Machine.hpp"

namespace peers { namespace w2 {

struct next {};
struct bogus {};

struct Ring_ : Machine<Ring_> {
    struct S0 : msm::front::state<> {};
    struct S1 : msm::front::state<> {};
    struct S2 : msm::front::state<> {};
    struct S3 : msm::front::state<> {};
    struct S4 : msm::front::state<> {};
    struct S5 : msm::front::state<> {};
    struct S6 : msm::front::state<> {};
    struct S7 : msm::front::state<> {};
    struct S8 : msm::front::state<> {};
    struct S9 : msm::front::state<> {};
    typedef S0 initial_state;

    std::int64_t count = 0;
    void counted(next const &) { ++count; }

    typedef Ring_ p;
    struct transition_table : mpl::vector<
        a_row<S0, next, S1, &p::counted>,
        a_row<S1, next, S2, &p::counted>,
        a_row<S2, next, S3, &p::counted>,
        a_row<S3, next, S4, &p::counted>,
        a_row<S4, next, S5, &p::counted>,
        a_row<S5, next, S6, &p::counted>,
        a_row<S6, next, S7, &p::counted>,
        a_row<S7, next, S8, &p::counted>,
        a_row<S8, next, S9, &p::counted>,
        a_row<S9, next, S0, &p::counted>
    > {};
};
typedef msm::back::state_machine<Ring_> Ring;

/// Si's number, from MSM's own state id.
template <class State>
int ringIndex(int active, int index) {
    return active == msm::back::get_state_id<Ring::stt, State>::value ? index : -1;
}

}} // namespace peers::w2

using peers::w2::Ring;

struct msm_w2 {
    Ring machine;
};

extern "C" msm_w2 *msm_w2_make(void) { return peers::make<msm_w2>(); }

extern "C" void msm_w2_free(msm_w2 *machine) { delete machine; }

extern "C" int64_t msm_w2_process(msm_w2 *machine, const uint8_t *events, int64_t count) {
    return peers::processBatch<peers::w2::next, peers::w2::bogus>(machine->machine, events, count, MSM_W2_NEXT);
}

extern "C" int64_t msm_w2_count(const msm_w2 *machine) { return machine->machine.count; }

extern "C" int32_t msm_w2_state(const msm_w2 *machine) {
    using namespace peers::w2;
    const int active = machine->machine.current_state()[0];
    const int found[] = {
        ringIndex<Ring_::S0>(active, 0), ringIndex<Ring_::S1>(active, 1), ringIndex<Ring_::S2>(active, 2),
        ringIndex<Ring_::S3>(active, 3), ringIndex<Ring_::S4>(active, 4), ringIndex<Ring_::S5>(active, 5),
        ringIndex<Ring_::S6>(active, 6), ringIndex<Ring_::S7>(active, 7), ringIndex<Ring_::S8>(active, 8),
        ringIndex<Ring_::S9>(active, 9),
    };
    for (int index : found) {
        if (index >= 0) return index;
    }
    return -1;
}
