import Storage

extension NotePack {
  /// The pack's name in the user's language: built-in packs have `pack.<id>` texts, and a
  /// pack of the user's own keeps the name its file gives.
  func title(_ strings: Localizer) -> String {
    strings.textIfPresent("pack.\(id)") ?? name
  }
}
