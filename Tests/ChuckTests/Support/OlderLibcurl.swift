import ChuckTestSupport
import Foundation

/// Programs of the build's toolchain or the test's `PATH` (a C compiler, Python).
enum Toolchain {
  /// The first program named `name` on the test process's `PATH`.
  static func program(_ name: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw HarnessError.unexpected("\(name) is not on PATH (\(path))")
  }
}

/// An older libcurl, as far as `chuck` can tell: a `libcurl.so.4` of the test's own, found first
/// through `LD_LIBRARY_PATH`, that hands every call to the system's libcurl but refuses the
/// options named in `OLD_LIBCURL_REFUSES` (`CURLE_UNKNOWN_OPTION`, as a libcurl that predates
/// them answers), writing each refusal's name to `OLD_LIBCURL_LOG`. Built once per test process
/// with the toolchain's C compiler.
struct OlderLibcurl: Sendable {
  /// The folder holding the library.
  let folder: URL

  static let shared: Result<OlderLibcurl, HarnessError> = {
    do {
      return .success(try OlderLibcurl())
    } catch {
      return .failure(.unexpected("\(error)"))
    }
  }()

  static let source = #"""
    #define CURL_DISABLE_TYPECHECK
    #include <curl/curl.h>
    #include <dlfcn.h>
    #include <stdarg.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>

    static void *symbol(const char *name) {
      static void *real;
      if (!real) real = dlopen(REAL_LIBCURL, RTLD_NOW | RTLD_LOCAL);
      void *found = real ? dlsym(real, name) : NULL;
      if (!found) abort();
      return found;
    }

    #define FORWARD(type, name, parameters, arguments)  \
      type name parameters {                             \
        type(*real) parameters = symbol(#name);          \
        return real arguments;                           \
      }
    #define FORWARD_VOID(name, parameters, arguments)    \
      void name parameters {                             \
        void(*real) parameters = symbol(#name);          \
        real arguments;                                  \
      }
    FORWARD(CURLcode, curl_global_init, (long flags), (flags))
    FORWARD(CURL *, curl_easy_init, (void), ())
    FORWARD_VOID(curl_easy_cleanup, (CURL * handle), (handle))
    FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
    FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist * list, const char *text),
            (list, text))
    FORWARD_VOID(curl_slist_free_all, (struct curl_slist * list), (list))
    FORWARD(CURLM *, curl_multi_init, (void), ())
    FORWARD(CURLMcode, curl_multi_add_handle, (CURLM * multi, CURL *handle), (multi, handle))
    FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM * multi, CURL *handle), (multi, handle))
    FORWARD(CURLMcode, curl_multi_perform, (CURLM * multi, int *running), (multi, running))
    FORWARD(CURLMcode, curl_multi_poll,
            (CURLM * multi, struct curl_waitfd *fds, unsigned n, int ms, int *count),
            (multi, fds, n, ms, count))
    FORWARD(CURLMcode, curl_multi_wakeup, (CURLM * multi), (multi))
    FORWARD(CURLMsg *, curl_multi_info_read, (CURLM * multi, int *queued), (multi, queued))
    FORWARD(CURLMcode, curl_multi_cleanup, (CURLM * multi), (multi))

    CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
      CURLcode (*real)(CURL *, CURLINFO, ...) = symbol("curl_easy_getinfo");
      va_list arguments;
      va_start(arguments, info);
      void *value = va_arg(arguments, void *);
      va_end(arguments);
      return real(handle, info, value);
    }

    static const struct { const char *name; CURLoption option; } names[] = {
      {"CURLOPT_QUICK_EXIT", (CURLoption)322},
      {"CURLOPT_PROTOCOLS_STR", CURLOPT_PROTOCOLS_STR},
    };

    CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
      CURLcode (*real)(CURL *, CURLoption, ...) = symbol("curl_easy_setopt");
      const char *refused = getenv("OLD_LIBCURL_REFUSES");
      for (size_t i = 0; refused && i < sizeof names / sizeof names[0]; i++) {
        if (names[i].option == option && strstr(refused, names[i].name)) {
          FILE *log = fopen(getenv("OLD_LIBCURL_LOG"), "a");
          if (log) {
            fprintf(log, "%s\n", names[i].name);
            fclose(log);
          }
          return CURLE_UNKNOWN_OPTION;
        }
      }
      va_list arguments;
      va_start(arguments, option);
      CURLcode code;
      if (option < CURLOPTTYPE_OBJECTPOINT) {
        code = real(handle, option, va_arg(arguments, long));
      } else if (option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB) {
        code = real(handle, option, va_arg(arguments, curl_off_t));
      } else {
        code = real(handle, option, va_arg(arguments, void *));
      }
      va_end(arguments);
      return code;
    }
    """#

  private init() throws {
    let ldconfig = try ExternalTool.require("ldconfig", package: "libc-bin")
    let listed = try ldconfig.run(["-p"]).stdout.lines
    guard
      let line = listed.first(where: { $0.contains("libcurl.so.4 (") }),
      let arrow = line.range(of: "=> ")
    else { throw HarnessError.unexpected("ldconfig -p lists no libcurl.so.4") }
    let real = String(line[arrow.upperBound...])
    let compiler = try (try? Toolchain.program("clang")) ?? Toolchain.program("cc")
    folder = try TemporaryDirectory.make(prefix: "older-libcurl")
    let file = folder.appendingPathComponent("older-libcurl.c")
    try Data(Self.source.utf8).write(to: file)
    let result = try ChuckSandbox.run(
      executable: compiler,
      arguments: [
        "-shared", "-fPIC", "-o", folder.appendingPathComponent("libcurl.so.4").path,
        "-DREAL_LIBCURL=\"\(real)\"", file.path, "-ldl",
      ],
      environment: ["PATH": ProcessInfo.processInfo.environment["PATH"]], timeout: 120)
    guard result.status == 0 else {
      throw HarnessError.unexpected("compiling the older libcurl: \(result.stderr)")
    }
  }

  /// The environment that makes `chuck` load this libcurl, refusing `options` (their names,
  /// comma-separated), and log to the sandbox's `libcurl-refusals`.
  func environment(refusing options: String, _ sandbox: ChuckSandbox) -> [String: String?] {
    [
      "LD_LIBRARY_PATH": folder.path, "OLD_LIBCURL_REFUSES": options,
      "OLD_LIBCURL_LOG": Self.log(sandbox).path,
    ]
  }

  private static func log(_ sandbox: ChuckSandbox) -> URL {
    sandbox.root.appendingPathComponent("libcurl-refusals")
  }

  /// The options it refused in a sandbox's runs, in order.
  func refusals(in sandbox: ChuckSandbox) throws -> [String] {
    try String(contentsOf: Self.log(sandbox), encoding: .utf8).lines
  }
}
