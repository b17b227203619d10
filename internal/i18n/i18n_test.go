package i18n

import (
	"regexp"
	"slices"
	"testing"
)

func TestEveryLanguageHasEveryKeyAndPlaceholder(t *testing.T) {
	t.Parallel()
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	want, err := Keys(Default)
	if err != nil {
		t.Fatal(err)
	}
	placeholder := regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)
	// Each catalogue is read once: reading it per key made this test quadratic (85 s on a busy machine).
	for _, l := range Languages {
		got, err := catalogue(l.Tag)
		if err != nil {
			t.Fatalf("%s: %v", l.Tag, err)
		}
		for _, k := range want {
			msg, ok := got[k]
			if !ok {
				t.Errorf("%s.json lacks %q", l.Tag, k)
				continue
			}
			en, tr := placeholder.FindAllString(T(Default, k, nil), -1), placeholder.FindAllString(msg, -1)
			slices.Sort(en)
			slices.Sort(tr)
			if !slices.Equal(en, tr) && len(en) > 0 {
				t.Errorf("%s.json %q keeps placeholders %v, English has %v", l.Tag, k, tr, en)
			}
		}
		for k := range got {
			if _, found := slices.BinarySearch(want, k); !found {
				t.Errorf("%s.json has %q, which en.json lacks", l.Tag, k)
			}
		}
	}
}

func TestNormalizeAcceptsTheConsoleForms(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"en_US": "en", "zh-CN": "zh", "Ar": "ar", "he_IL": "he", "iw": "he", "pt_BR": "pt", "xx": "en", "": "en"} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTranslatesWithData(t *testing.T) {
	t.Parallel()
	if got := T("zh_CN", "validation.password_mismatch", nil); got != "两次输入的密码不一致" {
		t.Fatalf("zh: %q", got)
	}
	if got := T("de", "auth.locked", map[string]any{"Minutes": 15}); !regexp.MustCompile(`15`).MatchString(got) {
		t.Fatalf("de: %q", got)
	}
	if got := T("en", "no.such.key", nil); got != "no.such.key" {
		t.Fatalf("unknown key: %q", got)
	}
}
