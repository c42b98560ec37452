// What every Boost.MSM machine of the peers shares: MSM's two documented switches for speed
// (no event queue, no try/catch around each event) and a silent `no_transition`, since the
// workloads send events that no state accepts (MSM's default asserts).
#ifndef CBOOSTMSM_MACHINE_HPP
#define CBOOSTMSM_MACHINE_HPP

#include <cstdint>
#include <boost/msm/back/state_machine.hpp>
#include <boost/msm/front/state_machine_def.hpp>

namespace peers {

namespace msm = boost::msm;
namespace mpl = boost::mpl;

/// A front-end base: `Derived` is the machine's front-end (CRTP, as MSM's
/// `state_machine_def` wants).
template <class Derived>
struct Machine : msm::front::state_machine_def<Derived> {
    typedef int no_message_queue;
    typedef int no_exception_thrown;

    /// An event no state accepts: rejected, nothing runs.
    template <class FSM, class Event>
    void no_transition(Event const &, FSM &, int) {}
};

/// Whether `process_event` took a transition.
inline bool accepted(msm::back::HandledEnum result) { return result == msm::back::HANDLED_TRUE; }

/// A new `Handle` (a C API struct holding `machine`), its machine started; nullptr if memory runs
/// out (std::bad_alloc, the only exception making a machine can throw here).
template <class Handle>
Handle *make() {
    try {
        Handle *made = new Handle();
        made->machine.start();
        return made;
    } catch (...) {
        return nullptr;
    }
}

/// Sends a batch of event codes: `code` as `Event`, any other code as `Other` (an event in no
/// transition). MSM dispatches on the event's type, so the code picks which `process_event` runs.
/// Returns how many events were accepted.
template <class Event, class Other, class SM>
std::int64_t processBatch(SM &machine, const std::uint8_t *events, std::int64_t count, std::uint8_t code) {
    std::int64_t taken = 0;
    for (std::int64_t i = 0; i < count; ++i) {
        if (events[i] == code) {
            taken += accepted(machine.process_event(Event()));
        } else {
            taken += accepted(machine.process_event(Other()));
        }
    }
    return taken;
}

} // namespace peers

#endif
