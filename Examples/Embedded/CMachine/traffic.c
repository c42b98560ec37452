// The traffic light of Examples/Embedded written by hand as a C `switch` machine: the floor a
// statechart library on a microcontroller is measured against (`make embedded-size`). It keeps
// the chart's semantics exactly (SCXML's order of exits, actions and entries; the timers' order;
// the history of the cycle; the eventless crossing on red), runs the same script and prints the
// same trace, which scripts/embedded.sh compares with the host's.
#include "board.h"

typedef enum { RED, GREEN, YELLOW, NIGHT } Traffic;
typedef enum { DONT_WALK, WAITING, WALK } Pedestrian;
typedef enum { TIMER, BUTTON, NIGHT_ON, NIGHT_OFF, BLINK, WALK_OVER } Signal;
typedef enum { ID_PHASE, ID_BLINK, ID_WALK } TimerID;

static const char *const signal_names[] = { "timer", "button", "nightOn", "nightOff", "blink", "walkOver" };
static const char *const traffic_names[] = { "red", "green", "yellow", "night" };
static const char *const pedestrian_names[] = { "dontWalk", "waiting", "walk" };

typedef struct { int32_t due; uint8_t signal, id; } Timer;
typedef struct { int32_t cycles, walks, requests, blinks; } Counters;

#define MAX_TIMERS 8
typedef struct {
    uint8_t traffic, pedestrian, history;  // history: the cycle's last light
    uint8_t timer_count;
    int32_t now;                            // seconds
    Timer timers[MAX_TIMERS];               // in delivery order: due, then sent
} Machine;

static Machine m;
static Counters c;

// --- Timers ---
static void schedule(Signal signal, int32_t after, TimerID id) {
    int32_t due = m.now + after;
    int i = m.timer_count;
    while (i > 0 && m.timers[i - 1].due > due) { m.timers[i] = m.timers[i - 1]; i--; }
    m.timers[i] = (Timer){ due, (uint8_t)signal, (uint8_t)id };
    m.timer_count++;
}

static void cancel(TimerID id) {
    int j = 0;
    for (int i = 0; i < m.timer_count; i++) if (m.timers[i].id != id) m.timers[j++] = m.timers[i];
    m.timer_count = (uint8_t)j;
}

// --- Entries and exits ---
static void enter_light(Traffic light) {
    m.traffic = light;
    switch (light) {
    case RED: c.cycles++; schedule(TIMER, 30, ID_PHASE); break;
    case GREEN: schedule(TIMER, 25, ID_PHASE); break;
    case YELLOW: schedule(TIMER, 5, ID_PHASE); break;
    case NIGHT: schedule(BLINK, 1, ID_BLINK); break;
    }
}

static void exit_light(void) {
    if (m.traffic == NIGHT) cancel(ID_BLINK); else cancel(ID_PHASE);
}

static void enter_walk(void) {
    m.pedestrian = WALK;
    c.walks++;
    schedule(WALK_OVER, 10, ID_WALK);
}

// The eventless transitions until none is enabled: waiting crosses once the light is red.
static int settle(void) {
    int taken = 0;
    while (m.pedestrian == WAITING && m.traffic == RED) { enter_walk(); taken++; }
    return taken;
}

// One event and its macrostep: how many transitions were taken (0: ignored).
static int dispatch(Signal signal) {
    int taken = 0;
    switch (m.traffic) {  // the traffic region
    case RED: case GREEN: case YELLOW:
        if (signal == TIMER) {
            Traffic next = m.traffic == RED ? GREEN : m.traffic == GREEN ? YELLOW : RED;
            exit_light(); enter_light(next); taken++;
        } else if (signal == NIGHT_ON) {
            m.history = m.traffic;
            exit_light(); enter_light(NIGHT); taken++;
        }
        break;
    case NIGHT:
        if (signal == BLINK && c.blinks < 10000) {
            exit_light(); c.blinks++; enter_light(NIGHT); taken++;
        } else if (signal == NIGHT_OFF) {
            exit_light(); enter_light((Traffic)m.history); taken++;
        }
        break;
    }
    switch (m.pedestrian) {  // the pedestrian region
    case DONT_WALK:
        if (signal == BUTTON) { c.requests++; m.pedestrian = WAITING; taken++; }
        break;
    case WAITING:
        break;
    case WALK:
        if (signal == WALK_OVER) { cancel(ID_WALK); m.pedestrian = DONT_WALK; taken++; }
        break;
    }
    return taken + (taken ? settle() : 0);
}

static void start(void) {
    m.history = RED;
    enter_light(RED);
    m.pedestrian = DONT_WALK;
    settle();
}

// --- The trace ---
static void put_int(int32_t value) {
    char digits[12];
    int n = 0;
    uint32_t v = value < 0 ? (uint32_t)-value : (uint32_t)value;
    if (value < 0) putchar('-');
    do { digits[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) putchar(digits[--n]);
}

static void put_field(const char *name, int32_t value) {
    board_puts(name); put_int(value);
}

// ": red walk | cycles=1 ..." and the end of the line.
static void put_state(void) {
    board_puts(": "); board_puts(traffic_names[m.traffic]);
    putchar(' '); board_puts(pedestrian_names[m.pedestrian]);
    put_field(" | cycles=", c.cycles); put_field(" walks=", c.walks);
    put_field(" requests=", c.requests); put_field(" blinks=", c.blinks);
    put_field(" now=", m.now); put_field("s pending=", m.timer_count); putchar('\n');
}

// "send button took 2" or "send nightOn ignored".
static void put_outcome(Signal signal, int taken) {
    board_puts("send "); board_puts(signal_names[signal]);
    if (taken) { board_puts(" took "); put_int(taken); } else board_puts(" ignored");
}

static void advance(int32_t seconds) {
    int32_t target = m.now + seconds;
    while (m.timer_count && m.timers[0].due <= target) {
        Timer timer = m.timers[0];
        for (int i = 1; i < m.timer_count; i++) m.timers[i - 1] = m.timers[i];
        m.timer_count--;
        m.now = timer.due;
        int taken = dispatch((Signal)timer.signal);
        board_puts("  at "); put_int(m.now); board_puts("s "); put_outcome((Signal)timer.signal, taken); putchar('\n');
    }
    m.now = target;
}

typedef struct { int8_t signal; int32_t seconds; } Step;  // signal < 0: advance
static const Step script[] = {
    { BUTTON, 0 }, { -1, 10 }, { -1, 20 }, { BUTTON, 0 }, { -1, 25 }, { -1, 5 }, { NIGHT_ON, 0 },
    { -1, 3 }, { -1, 10 }, { NIGHT_OFF, 0 }, { BUTTON, 0 }, { -1, 65 }, { TIMER, 0 }, { NIGHT_ON, 0 },
    { NIGHT_ON, 0 }, { NIGHT_OFF, 0 },
};
static const Signal measured[] = { TIMER, TIMER, TIMER, BUTTON, WALK_OVER };

int main(int argc, char **argv) {
    (void)argc; (void)argv;
    start();
    board_puts("0 start"); put_state();
    for (unsigned i = 0; i < sizeof script / sizeof script[0]; i++) {
        if (script[i].signal >= 0) {
            int taken = dispatch((Signal)script[i].signal);
            put_int((int32_t)i + 1); putchar(' '); put_outcome((Signal)script[i].signal, taken);
        } else {
            advance(script[i].seconds);  // prints each delivery first
            put_int((int32_t)i + 1); board_puts(" advance "); put_int(script[i].seconds); putchar('s');
        }
        put_state();
    }
    uint32_t start_ticks = board_ticks();
    for (int round = 0; round < 200; round++)
        for (unsigned k = 0; k < sizeof measured / sizeof measured[0]; k++) dispatch(measured[k]);
    uint32_t ticks = (start_ticks - board_ticks()) & 0xFFFFFFu;
    uint64_t instructions = (uint64_t)ticks * board_instructions_per_kilotick() / 1000u;
    board_puts("# events measured: 1000, instructions: "); put_int((int32_t)instructions);
    board_puts(", per event: "); put_int((int32_t)(instructions / 1000u)); putchar('\n');
    board_puts("# stack high-water: "); put_int((int32_t)board_stack_high_water()); board_puts(" bytes\n");
    board_puts("# machine: "); put_int((int32_t)sizeof(Machine)); board_puts(" bytes, counters: ");
    put_int((int32_t)sizeof(Counters)); board_puts(" bytes\n");
    return 0;
}
