// The smallest shim Swift needs for libcurl: typed wrappers for its variadic calls, and the
// library itself loaded with dlopen on first use, so that it is never loaded by a command that
// does not use the network.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl.so.4 and runs curl_global_init, once per process. Returns 0 on success; else
/// -1 with dlerror's words (or libcurl's) in `error`.
int ccurl_load(char *error, size_t error_size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option,
                                     size_t (*callback)(char *, size_t, size_t, void *));
CURLcode ccurl_setopt_sockopt_function(CURL *handle, CURLoption option,
                                       int (*callback)(void *, curl_socket_t, curlsocktype));
/// Sets CURLOPT_QUICK_EXIT to 1: on a timeout or a cancel, libcurl leaves a resolver thread that
/// is still waiting for an answer instead of joining it. Refused by libcurl older than 7.87.
CURLcode ccurl_setopt_quick_exit(CURL *handle);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// The result of the finished transfer, if one finished: 1 and its code, else 0.
int ccurl_multi_done(CURLM *multi, CURLcode *result);
CURLMcode ccurl_multi_cleanup(CURLM *multi);

#endif
