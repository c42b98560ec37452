// W3 deep with Boost.MSM: Root{ A{ A1{ A11{ A111, A112 } } }, B{ B1{ B11{ B111, B112 } } } },
// every state counting its own entries and exits; `x` goes A111→B112 and back, so each event exits
// 4 states and enters 4.
//
// MSM has no transition from a state nested in one submachine to a state nested in another: a
// transition belongs to the table of the machine that holds both ends. So the transitions are
// rows of Root's table, from A and from B (MSM exits a submachine innermost state first, as the
// chart does). Entering A enters A1, A11 and A111, its initial states. B112 is not B11's initial
// state: B is entered through an entry pseudo-state (`entry_pt`) whose transition enters B1
// through another, whose transition enters B112 directly (`direct`), since MSM's direct entry
// reaches one level only. The event stream toggles A111 and B112, so the same states are exited
// and entered, in the same order, as by the chart.
#include "CBoostMSM.h"
#include "Machine.hpp"

namespace peers { namespace w3 {

struct x {};
struct unused {}; // in no transition: any event code but MSM_W3_X

/// A state counting its entries and exits.
struct Leaf : msm::front::state<> {
    std::int64_t entries = 0, exits = 0;
    template <class Event, class FSM> void on_entry(Event const &, FSM &) { ++entries; }
    template <class Event, class FSM> void on_exit(Event const &, FSM &) { ++exits; }
};

/// A submachine (a compound state) counting its entries and exits.
template <class Derived>
struct Compound : Machine<Derived> {
    std::int64_t entries = 0, exits = 0;
    template <class Event, class FSM> void on_entry(Event const &, FSM &) { ++entries; }
    template <class Event, class FSM> void on_exit(Event const &, FSM &) { ++exits; }
};

struct A111 : Leaf {};
struct A112 : Leaf {};
struct A11_ : Compound<A11_> {
    typedef A111 initial_state;
    typedef mpl::vector<A112> explicit_creation; // in no transition, but a state of A11
    struct transition_table : mpl::vector0<> {};
};
typedef msm::back::state_machine<A11_> A11;

struct A1_ : Compound<A1_> {
    typedef A11 initial_state;
    struct transition_table : mpl::vector0<> {};
};
typedef msm::back::state_machine<A1_> A1;

struct A_ : Compound<A_> {
    typedef A1 initial_state;
    struct transition_table : mpl::vector0<> {};
};
typedef msm::back::state_machine<A_> A;

struct B111 : Leaf {};
struct B112 : Leaf, msm::front::explicit_entry<0> {}; // a target of direct entry
struct B11_ : Compound<B11_> {
    typedef B111 initial_state;
    typedef mpl::vector<B112> explicit_creation; // entered only by direct entry
    struct transition_table : mpl::vector0<> {};
};
typedef msm::back::state_machine<B11_> B11;

struct B1_ : Compound<B1_> {
    struct Entry : msm::front::entry_pseudo_state<0> {};
    typedef B11 initial_state;
    typedef B1_ p;
    struct transition_table : mpl::vector<
        _row<Entry, x, B11::direct<B112>>
    > {};
};
typedef msm::back::state_machine<B1_> B1;

struct B_ : Compound<B_> {
    struct Entry : msm::front::entry_pseudo_state<0> {};
    typedef B1 initial_state;
    typedef B_ p;
    struct transition_table : mpl::vector<
        _row<Entry, x, B1::entry_pt<B1_::Entry>>
    > {};
};
typedef msm::back::state_machine<B_> B;

struct Root_ : Compound<Root_> {
    typedef A initial_state;
    typedef Root_ p;
    struct transition_table : mpl::vector<
        _row<A, x, B::entry_pt<B_::Entry>>,
        _row<B, x, A>
    > {};
};
typedef msm::back::state_machine<Root_> Root;

/// Whether `machine`'s (single) region is in `State`.
template <class Machine, class State>
bool isIn(Machine const &machine) {
    return machine.current_state()[0] == msm::back::get_state_id<typename Machine::stt, State>::value;
}

}} // namespace peers::w3

using peers::w3::Root;

struct msm_w3 {
    Root machine;
};

extern "C" msm_w3 *msm_w3_make(void) { return peers::make<msm_w3>(); }

extern "C" void msm_w3_free(msm_w3 *machine) { delete machine; }

extern "C" int64_t msm_w3_process(msm_w3 *machine, const uint8_t *events, int64_t count) {
    return peers::processBatch<peers::w3::x, peers::w3::unused>(machine->machine, events, count, MSM_W3_X);
}

extern "C" void msm_w3_counters(const msm_w3 *machine, int64_t *out) {
    using namespace peers::w3;
    // MSM's `get_state` is not const; reading the counters changes nothing.
    Root &root = const_cast<Root &>(machine->machine);
    A &a = root.get_state<A &>();
    A1 &a1 = a.get_state<A1 &>();
    A11 &a11 = a1.get_state<A11 &>();
    B &b = root.get_state<B &>();
    B1 &b1 = b.get_state<B1 &>();
    B11 &b11 = b1.get_state<B11 &>();
    const Leaf *leaves[] = {&a11.get_state<A111 &>(), &a11.get_state<A112 &>(),
                            &b11.get_state<B111 &>(), &b11.get_state<B112 &>()};
    const int64_t counters[MSM_W3_COUNTERS] = {
        root.entries, root.exits, a.entries, a.exits, a1.entries, a1.exits, a11.entries, a11.exits,
        leaves[0]->entries, leaves[0]->exits, leaves[1]->entries, leaves[1]->exits,
        b.entries, b.exits, b1.entries, b1.exits, b11.entries, b11.exits,
        leaves[2]->entries, leaves[2]->exits, leaves[3]->entries, leaves[3]->exits,
    };
    for (int i = 0; i < MSM_W3_COUNTERS; ++i) out[i] = counters[i];
}

extern "C" int32_t msm_w3_leaf(const msm_w3 *machine) {
    using namespace peers::w3;
    Root &root = const_cast<Root &>(machine->machine); // `get_state` is not const
    if (isIn<Root, A>(root)) {
        A &a = root.get_state<A &>();
        A1 &a1 = a.get_state<A1 &>();
        A11 &a11 = a1.get_state<A11 &>();
        if (isIn<A, A1>(a) && isIn<A1, A11>(a1) && isIn<A11, A111>(a11)) return 0;
    } else if (isIn<Root, B>(root)) {
        B &b = root.get_state<B &>();
        B1 &b1 = b.get_state<B1 &>();
        B11 &b11 = b1.get_state<B11 &>();
        if (isIn<B, B1>(b) && isIn<B1, B11>(b1) && isIn<B11, B112>(b11)) return 1;
    }
    return -1;
}
