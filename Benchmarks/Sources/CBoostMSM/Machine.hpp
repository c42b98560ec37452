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

} // namespace peers

#endif
