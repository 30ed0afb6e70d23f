extension ChuckJoke {
  /// The rows of ``detailFields``, `created_at` and `updated_at` written in a format: the
  /// dates, the link, the categories (`uncategorized` when none) and the text.
  /// - Parameter instants: how `created_at` and `updated_at` are written.
  /// - Returns: the labelled rows, in order.
  public func detailFields(instants: DateFormat) -> [(label: String, value: String)] {
    [
      ("created_at", instants.string(created)),
      ("updated_at", instants.string(updated)),
      ("link", url),
      ("categories", categories.isEmpty ? "uncategorized" : categories.joined(separator: ", ")),
      ("value", value),
    ]
  }
}
