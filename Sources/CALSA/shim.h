#ifndef WOODSHED_CALSA_SHIM_H
#define WOODSHED_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* The sequencer's event is a tagged union and its constants are macros built from shifts;
   these read them in one place for Swift. */
/* ALSA prints its errors to standard error, which is the practice room's screen; Woodshed says
   what went wrong in its own words instead. */
static void woodshed_alsa_quiet(const char *file, int line, const char *function, int err,
                                const char *fmt, ...) {
  (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void woodshed_alsa_silence_errors(void) {
  snd_lib_error_set_handler(woodshed_alsa_quiet);
}

static inline int woodshed_seq_event_is_note_on(const snd_seq_event_t *event) {
  return event->type == SND_SEQ_EVENT_NOTEON;
}
static inline int woodshed_seq_event_is_note_off(const snd_seq_event_t *event) {
  return event->type == SND_SEQ_EVENT_NOTEOFF;
}
static inline int woodshed_seq_event_is_quarter_frame(const snd_seq_event_t *event) {
  return event->type == SND_SEQ_EVENT_QFRAME;
}
static inline int woodshed_seq_event_control_value(const snd_seq_event_t *event) {
  return event->data.control.value;
}
static inline int woodshed_seq_event_is_port_start(const snd_seq_event_t *event) {
  return event->type == SND_SEQ_EVENT_PORT_START;
}
static inline const snd_seq_ev_note_t *woodshed_seq_event_note(const snd_seq_event_t *event) {
  return &event->data.note;
}
static inline const snd_seq_addr_t *woodshed_seq_event_address(const snd_seq_event_t *event) {
  return &event->data.addr;
}
static inline unsigned int woodshed_seq_readable_port_caps(void) {
  return SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ;
}
static inline unsigned int woodshed_seq_writable_port_caps(void) {
  return SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE;
}
static inline unsigned int woodshed_seq_application_port_type(void) {
  return SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION;
}
static inline unsigned int woodshed_seq_hardware_port_type(void) {
  return SND_SEQ_PORT_TYPE_HARDWARE;
}
#endif
