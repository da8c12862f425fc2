#pragma once
// When the process that runs the student's host code (the recorder) may live: never while this
// program measures. The timer and the counters call end_plan_recorder() before they start.

namespace memlab {

// Ends the plan recorder, which waits (stopped) between plans, if one is waiting. A plan asked
// for later starts a new one.
void end_plan_recorder();

}  // namespace memlab
