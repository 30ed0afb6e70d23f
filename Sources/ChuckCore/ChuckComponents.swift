import FoundationEssentials

/// The composition root: the objects every command (and every shell completion) uses, built once
/// from the configuration, so that no command builds a store or a client of its own.
public struct ChuckComponents: Sendable {
  /// What the environment said.
  public let configuration: ChuckConfiguration
  /// The joke API.
  public let service: any ChuckService
  /// The saved list.
  public let collection: JokeCollection
  /// The API's category names, cached.
  public let catalog: CategoryCatalog
  /// The joke icons, cached.
  public let icons: IconStore

  /// Builds everything from the configuration.
  /// - Parameters:
  ///   - configuration: what the environment said.
  ///   - service: the joke API; the live one by default.
  public init(configuration: ChuckConfiguration, service: (any ChuckService)? = nil) {
    let service = service ?? ChuckAPI(configuration: configuration)
    self.configuration = configuration
    self.service = service
    collection = JokeCollection(store: NetworkCache(fileURL: configuration.listFile))
    catalog = CategoryCatalog(cacheDirectory: configuration.cacheDirectory, service: service)
    icons = IconStore(
      cacheDirectory: configuration.cacheDirectory, apiBaseURL: configuration.apiBaseURL,
      service: service)
  }

  /// Switter's device id.
  public var deviceID: DeviceID { DeviceID(dataDirectory: configuration.dataDirectory) }

  /// The saved list of another source.
  /// - Parameter shape: the source's joke shape.
  /// - Returns: the list over its file.
  public func serviceJokes<Shape: JokeShape>(_ shape: Shape.Type) -> ServiceJokes<Shape> {
    ServiceJokes(store: NetworkCache(fileURL: configuration.listFile(of: Shape.source)))
  }

  /// The client of another source, with the configured network settings.
  /// - Parameter shape: the source's joke shape.
  /// - Returns: the client.
  public func serviceAPI<Shape: JokeShape>(_ shape: Shape.Type) -> ServiceAPI<Shape> {
    let deviceID = deviceID
    return ServiceAPI(
      baseURL: configuration.baseURL(of: Shape.source), transport: configuration.liveTransport,
      policy: configuration.retryPolicy, timeout: configuration.timeout,
      deviceID: { () throws(ChuckError) -> String in
        try deviceID.value()
      })
  }

  /// `chuck random`'s fetch, with its category checks.
  public var randomJokes: RandomJokes { RandomJokes(service: service, catalog: catalog) }

  /// `chuck save`'s loop.
  public var saver: JokeSaver { JokeSaver(collection: collection) }
}
