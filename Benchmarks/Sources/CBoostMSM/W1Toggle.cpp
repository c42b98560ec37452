// W1 toggle with Boost.MSM: states A and B; `t` goes A→B and B→A; the transition action counts.
#include "CBoostMSM.h"
#include "Machine.hpp"

namespace peers { namespace w1 {

struct t {};
struct unused {}; // in no transition: any event code but MSM_W1_T

struct Toggle_ : Machine<Toggle_> {
    struct A : msm::front::state<> {};
    struct B : msm::front::state<> {};
    typedef A initial_state;

    std::int64_t count = 0;
    void counted(t const &) { ++count; }

    typedef Toggle_ p;
    struct transition_table : mpl::vector<
        a_row<A, t, B, &p::counted>,
        a_row<B, t, A, &p::counted>
    > {};
};
typedef msm::back::state_machine<Toggle_> Toggle;

}} // namespace peers::w1

using peers::w1::Toggle;

struct msm_w1 {
    Toggle machine;
};

extern "C" msm_w1 *msm_w1_make(void) { return peers::make<msm_w1>(); }

extern "C" void msm_w1_free(msm_w1 *machine) { delete machine; }

extern "C" int64_t msm_w1_process(msm_w1 *machine, const uint8_t *events, int64_t count) {
    return peers::processBatch<peers::w1::t, peers::w1::unused>(machine->machine, events, count, MSM_W1_T);
}

extern "C" int64_t msm_w1_count(const msm_w1 *machine) { return machine->machine.count; }

extern "C" int32_t msm_w1_state(const msm_w1 *machine) {
    using peers::w1::Toggle_;
    const int active = machine->machine.current_state()[0];
    return active == peers::msm::back::get_state_id<Toggle::stt, Toggle_::B>::value ? 1 : 0;
}
