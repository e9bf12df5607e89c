/// How note letters are spoken and written: English (C D E), Latin/European solfège
/// (Do Re Mi Fa Sol La Si) or German (where B natural is H and B flat is B).
public enum NamingSystem: String, CaseIterable, Codable, Sendable {
  case english
  case latin
  case german
}
