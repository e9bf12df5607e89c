import Glibc

/// FluidSynth's C functions, found in the shared library when a sound first needs them: the
/// practice room starts, and stays as small, as if it were not there (the budgets of start time
/// and memory), and a machine without it falls back to the built-in voices.
struct FluidSynthLibrary: @unchecked Sendable {
  typealias NewSettings = @convention(c) () -> OpaquePointer?
  typealias SetNumber = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double) -> Int32
  typealias SetInteger = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
  typealias NewSynth = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias LoadSoundFont = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
  typealias ProgramChange = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  typealias NoteOn = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> Int32
  typealias NoteOff = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  typealias PitchBend = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  typealias AllSoundsOff = @convention(c) (OpaquePointer?, Int32) -> Int32
  typealias WriteFloat =
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?,
      Int32, Int32
    ) -> Int32
  typealias Delete = @convention(c) (OpaquePointer?) -> Void
  typealias SetLogFunction =
    @convention(c) (Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> OpaquePointer?

  /// FluidSynth's log levels, from panic to debug: all silenced, as its messages would land on
  /// the full-screen interface; failures are reported by the return values.
  static let logLevels: ClosedRange<Int32> = 0...4

  let newSettings: NewSettings
  let setNumber: SetNumber
  let setInteger: SetInteger
  let newSynth: NewSynth
  let loadSoundFont: LoadSoundFont
  let programChange: ProgramChange
  let noteOn: NoteOn
  let noteOff: NoteOff
  let pitchBend: PitchBend
  let allSoundsOff: AllSoundsOff
  let writeFloat: WriteFloat
  let deleteSynth: Delete
  let deleteSettings: Delete

  /// The library `name`, or why it cannot be used.
  static func load(_ name: String) -> Result<FluidSynthLibrary, SoundFontError> {
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(.libraryMissing(name))
    }
    func symbol<Function>(_ symbol: String, as type: Function.Type) -> Function? {
      dlsym(handle, symbol).map { unsafeBitCast($0, to: type) }
    }
    guard let newSettings = symbol("new_fluid_settings", as: NewSettings.self),
      let setNumber = symbol("fluid_settings_setnum", as: SetNumber.self),
      let setInteger = symbol("fluid_settings_setint", as: SetInteger.self),
      let newSynth = symbol("new_fluid_synth", as: NewSynth.self),
      let loadSoundFont = symbol("fluid_synth_sfload", as: LoadSoundFont.self),
      let programChange = symbol("fluid_synth_program_change", as: ProgramChange.self),
      let noteOn = symbol("fluid_synth_noteon", as: NoteOn.self),
      let noteOff = symbol("fluid_synth_noteoff", as: NoteOff.self),
      let pitchBend = symbol("fluid_synth_pitch_bend", as: PitchBend.self),
      let allSoundsOff = symbol("fluid_synth_all_sounds_off", as: AllSoundsOff.self),
      let writeFloat = symbol("fluid_synth_write_float", as: WriteFloat.self),
      let deleteSynth = symbol("delete_fluid_synth", as: Delete.self),
      let deleteSettings = symbol("delete_fluid_settings", as: Delete.self),
      let setLogFunction = symbol("fluid_set_log_function", as: SetLogFunction.self)
    else {
      dlclose(handle)
      return .failure(.libraryMissing(name))
    }
    for level in logLevels { _ = setLogFunction(level, nil, nil) }
    return .success(
      FluidSynthLibrary(
        newSettings: newSettings, setNumber: setNumber, setInteger: setInteger,
        newSynth: newSynth, loadSoundFont: loadSoundFont, programChange: programChange,
        noteOn: noteOn, noteOff: noteOff, pitchBend: pitchBend, allSoundsOff: allSoundsOff,
        writeFloat: writeFloat,
        deleteSynth: deleteSynth,
        deleteSettings: deleteSettings))
  }
}
