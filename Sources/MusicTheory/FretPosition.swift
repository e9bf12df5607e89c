/// A place on a fretted neck, named the way players name it: strings are numbered from 1, the
/// string nearest the floor when the instrument is held (normally the highest-sounding one), and
/// fret 0 is the open string.
public struct FretPosition: Hashable, Codable, Sendable {
  public var string: Int
  public var fret: Int

  public init(string: Int, fret: Int) {
    self.string = string
    self.fret = fret
  }
}
