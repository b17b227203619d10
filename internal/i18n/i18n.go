// Package i18n localizes the server's messages into the 16 languages of the
// console. Message files live in locales/<lang>.json (the core) and
// locales/<area>/<lang>.json (one folder per business area, so that each
// module keeps its messages together), with the same keys in each language;
// a test fails when one is missing a key.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.json locales/*/*.json
var files embed.FS

// Languages are the supported languages in the order the language list shows
// them, with the locale code the console uses and the language's own name.
var Languages = []struct{ Tag, Code, Name string }{
	{"en", "en_US", "English"},
	{"zh", "zh_CN", "简体中文"},
	{"ja", "ja_JP", "日本語"},
	{"fr", "fr_FR", "Français"},
	{"de", "de_DE", "Deutsch"},
	{"es", "es_ES", "Español"},
	{"it", "it_IT", "Italiano"},
	{"pt", "pt_BR", "Português"},
	{"ru", "ru_RU", "Русский"},
	{"tr", "tr_TR", "Türkçe"},
	{"ar", "ar_EG", "العربية"},
	{"he", "he_IL", "עברית"},
	{"id", "id_ID", "Bahasa Indonesia"},
	{"ko", "ko_KR", "한국어"},
	{"th", "th_TH", "ไทย"},
	{"vi", "vi_VN", "Tiếng Việt"},
}

// Default is the language used when a request names none or an unknown one.
const Default = "en"

var (
	once       sync.Once
	bundle     *goi18n.Bundle
	localizers map[string]*goi18n.Localizer
	loadErr    error
)

func load() {
	bundle = goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	localizers = map[string]*goi18n.Localizer{}
	for _, l := range Languages {
		msgs, err := catalogue(l.Tag)
		if err != nil {
			loadErr = err
			return
		}
		tag := language.Make(l.Tag)
		all := make([]*goi18n.Message, 0, len(msgs))
		for id, other := range msgs {
			all = append(all, &goi18n.Message{ID: id, Other: other})
		}
		if err := bundle.AddMessages(tag, all...); err != nil {
			loadErr = fmt.Errorf("i18n %s: %w", l.Tag, err)
			return
		}
		localizers[l.Tag] = goi18n.NewLocalizer(bundle, l.Tag, Default)
	}
}

// catalogue merges a language's core file and its area files; a key defined
// twice is an error, so two areas cannot silently override each other.
func catalogue(tag string) (map[string]string, error) {
	paths := []string{"locales/" + tag + ".json"}
	areas, err := fs.ReadDir(files, "locales")
	if err != nil {
		return nil, err
	}
	for _, a := range areas {
		if a.IsDir() {
			paths = append(paths, "locales/"+a.Name()+"/"+tag+".json")
		}
	}
	out := map[string]string{}
	for _, p := range paths {
		raw, err := files.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		var m map[string]string
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("i18n %s: %w", p, err)
		}
		for k, v := range m {
			if _, dup := out[k]; dup {
				return nil, fmt.Errorf("i18n %s: key %q is defined twice", p, k)
			}
			out[k] = v
		}
	}
	return out, nil
}

// Check loads the catalogues and reports a broken file.
func Check() error {
	once.Do(load)
	return loadErr
}

// Normalize maps a locale header value (en_US, zh-CN, Ar, he) to a supported
// language tag, falling back to Default.
func Normalize(locale string) string {
	locale = strings.ToLower(strings.TrimSpace(locale))
	if i := strings.IndexAny(locale, "_-"); i >= 0 {
		locale = locale[:i]
	}
	if locale == "iw" {
		locale = "he"
	}
	if locale == "in" {
		locale = "id"
	}
	for _, l := range Languages {
		if l.Tag == locale {
			return locale
		}
	}
	return Default
}

// T translates key into lang, filling {{.Name}} placeholders from data. An
// unknown key comes back as itself so that a gap is visible, never blank.
func T(lang, key string, data map[string]any) string {
	once.Do(load)
	loc, ok := localizers[Normalize(lang)]
	if !ok {
		return key
	}
	msg, err := loc.Localize(&goi18n.LocalizeConfig{MessageID: key, TemplateData: data})
	if err != nil || msg == "" {
		return key
	}
	return msg
}

// Has reports whether key exists in the default catalogue.
func Has(key string) bool {
	once.Do(load)
	_, err := localizers[Default].Localize(&goi18n.LocalizeConfig{MessageID: key})
	return err == nil
}

// Keys lists the keys of one language (core and areas), sorted.
func Keys(tag string) ([]string, error) {
	m, err := catalogue(tag)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}
