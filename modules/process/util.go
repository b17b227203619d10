package process

import (
	"encoding/json"
	"sort"

	"gorm.io/gorm"
)

func sortStrings(s []string) { sort.Strings(s) }

type txDB = gorm.DB

func bindingsOf(mod *Model) FormBindings {
	b := FormBindings{Tasks: map[string]string{}}
	_ = json.Unmarshal([]byte(mod.FormBindings), &b)
	if b.Tasks == nil {
		b.Tasks = map[string]string{}
	}
	return b
}
