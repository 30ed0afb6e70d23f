#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  const char *(*easy_strerror)(CURLcode);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
  CURLMcode (*multi_wakeup)(CURLM *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_cleanup)(CURLM *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int load_status = -1;

#define LOAD(field, name)                                                                    \
  do {                                                                                       \
    *(void **)(&curl.field) = dlsym(library, name);                                          \
    if (curl.field == NULL) {                                                                \
      snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s (libcurl 7.68 or later " \
               "is needed)", name);                                                          \
      return;                                                                                \
    }                                                                                        \
  } while (0)

static void load(void) {
  // Found as the dynamic linker finds libraries (LD_LIBRARY_PATH, then the system's folders):
  // the installed binary has no RUNPATH, so a libcurl.so.4 beside it is never taken.
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error, "%s", why ? why : "libcurl.so.4 not found");
    return;
  }
  LOAD(global_init, "curl_global_init");
  LOAD(easy_init, "curl_easy_init");
  LOAD(easy_cleanup, "curl_easy_cleanup");
  LOAD(easy_setopt, "curl_easy_setopt");
  LOAD(easy_getinfo, "curl_easy_getinfo");
  LOAD(easy_strerror, "curl_easy_strerror");
  LOAD(slist_append, "curl_slist_append");
  LOAD(slist_free_all, "curl_slist_free_all");
  LOAD(multi_init, "curl_multi_init");
  LOAD(multi_add_handle, "curl_multi_add_handle");
  LOAD(multi_remove_handle, "curl_multi_remove_handle");
  LOAD(multi_perform, "curl_multi_perform");
  LOAD(multi_poll, "curl_multi_poll");
  LOAD(multi_wakeup, "curl_multi_wakeup");
  LOAD(multi_info_read, "curl_multi_info_read");
  LOAD(multi_cleanup, "curl_multi_cleanup");
  CURLcode code = curl.global_init(CURL_GLOBAL_ALL);
  if (code != CURLE_OK) {
    snprintf(load_error, sizeof load_error, "curl_global_init failed: %s",
             curl.easy_strerror(code));
    return;
  }
  load_status = 0;
}

int ccurl_load(char *error, size_t error_size) {
  pthread_once(&once, load);
  if (load_status != 0 && error != NULL && error_size > 0) {
    snprintf(error, error_size, "%s", load_error);
  }
  return load_status;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option,
                                     size_t (*callback)(char *, size_t, size_t, void *)) {
  return curl.easy_setopt(handle, option, callback);
}
CURLcode ccurl_setopt_sockopt_function(CURL *handle, CURLoption option,
                                       int (*callback)(void *, curl_socket_t, curlsocktype)) {
  return curl.easy_setopt(handle, option, callback);
}
CURLcode ccurl_setopt_quick_exit(CURL *handle) {
  // CURLOPT_QUICK_EXIT (libcurl 7.87), by its number when the headers are older.
#ifdef CURLOPT_QUICK_EXIT
  return curl.easy_setopt(handle, CURLOPT_QUICK_EXIT, 1L);
#else
  return curl.easy_setopt(handle, (CURLoption)322, 1L);
#endif
}
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl.easy_getinfo(handle, info, value);
}
const char *ccurl_easy_strerror(CURLcode code) {
  // Safe before libcurl is loaded (a caller wording an error it was handed).
  return curl.easy_strerror ? curl.easy_strerror(code) : "libcurl error";
}
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
  return curl.slist_append(list, string);
}
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) {
  return curl.multi_add_handle(multi, handle);
}
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return curl.multi_remove_handle(multi, handle);
}
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) {
  return curl.multi_perform(multi, running);
}
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) {
  return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
int ccurl_multi_done(CURLM *multi, CURLcode *result) {
  int queued = 0;
  CURLMsg *message;
  while ((message = curl.multi_info_read(multi, &queued)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
