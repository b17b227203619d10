package sys_test

import (
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Shipped data: 37 countries, China's 34 provincial divisions, 337
// prefecture-level rows (333 plus one per municipality) and 32 county-level
// units the provinces administer directly.
const (
	seededCountries = 37
	seededAreas     = 37 + 34 + 337 + 32
)

func areaChildren(t *testing.T, env *platformtest.Env, token, locale, parent string) []sys.AreaView {
	t.Helper()
	var out []sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/children?parentCode=" + parent, Token: token, Locale: locale})).Into(t, &out)
	return out
}

func areaCount(t *testing.T, env *platformtest.Env) int64 {
	t.Helper()
	var n int64
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&sys.Area{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAreaChildrenLoadTheTreeLazily(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	countries := areaChildren(t, env, admin, "en_US", "")
	if len(countries) != seededCountries || countries[0].Code != "CN" || !countries[0].HasChildren || countries[0].Level != sys.AreaCountry {
		t.Fatalf("countries: %d, first %+v", len(countries), countries[0])
	}
	byCode := map[string]sys.AreaView{}
	for _, c := range countries {
		byCode[c.Code] = c
	}
	for _, code := range []string{"US", "GB", "JP", "FR", "DE", "ES", "MX", "IT", "BR", "PT", "RU", "TR", "EG", "SA", "AE", "IL", "ID", "KR", "TH", "VN", "SG", "MY", "CA", "AU", "IN"} {
		if c, ok := byCode[code]; !ok || c.HasChildren || c.Names["zh"] == "" {
			t.Errorf("country %s: %+v", code, c)
		}
	}
	if byCode["JP"].Names["ja"] != "日本" || byCode["DE"].Names["de"] != "Deutschland" || byCode["TR"].Names["tr"] != "Türkiye" {
		t.Errorf("own-language names: %v %v %v", byCode["JP"].Names, byCode["DE"].Names, byCode["TR"].Names)
	}
	if zh := areaChildren(t, env, admin, "zh_CN", ""); zh[0].Label != "中国" || zh[0].Name != "China" {
		t.Errorf("zh label of CN: %+v", zh[0])
	}

	provinces := areaChildren(t, env, admin, "en_US", "CN")
	if len(provinces) != 34 || provinces[0].Code != "110000" || provinces[len(provinces)-1].Code != "820000" {
		t.Fatalf("provinces: %d", len(provinces))
	}
	for _, p := range provinces {
		leaf := p.Code == "710000" || p.Code == "810000" || p.Code == "820000"
		if p.Level != sys.AreaProvince || p.HasChildren == leaf {
			t.Errorf("province %+v", p)
		}
	}
	shanghai := areaChildren(t, env, admin, "en_US", "310000")
	if len(shanghai) != 1 || shanghai[0].Code != "310100" || shanghai[0].Name != "上海市" || shanghai[0].HasChildren {
		t.Errorf("municipality child: %+v", shanghai)
	}
	zhejiang := areaChildren(t, env, admin, "en_US", "330000")
	if len(zhejiang) != 11 || zhejiang[0].Code != "330100" || zhejiang[0].Name != "杭州市" || zhejiang[0].Label != "Hangzhou" || zhejiang[0].Level != sys.AreaCity {
		t.Fatalf("Zhejiang: %d, first %+v", len(zhejiang), zhejiang[0])
	}
	if got := areaChildren(t, env, admin, "en_US", "no-such"); len(got) != 0 {
		t.Errorf("children of an unknown code: %v", got)
	}
}

func TestAreaCRUDValidates(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	for _, tc := range []struct {
		body  map[string]any
		field string
		msg   string
	}{
		{map[string]any{"parentCode": "330100", "name": "X"}, "code", "Area code cannot be empty"},
		{map[string]any{"code": "33 01", "parentCode": "330100", "name": "X"}, "code", "Area code may contain only letters, digits, - and _"},
		{map[string]any{"code": strings.Repeat("9", 33), "parentCode": "330100", "name": "X"}, "code", "Area code must be at most 32 characters"},
		{map[string]any{"code": "330199", "parentCode": "330100"}, "name", "Name cannot be empty"},
		{map[string]any{"code": "330199", "parentCode": "999999", "name": "X"}, "parentCode", "Parent area 999999 does not exist"},
		{map[string]any{"code": "330100", "parentCode": "330000", "name": "X"}, "code", "Area code is already in use"},
		{map[string]any{"code": "330199", "parentCode": "330100", "name": "X", "names": map[string]string{"en": " "}}, "names", "Names in other languages has an invalid value"},
	} {
		res := env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/area", Token: admin, Body: tc.body})
		if res.Code != api.CodeInvalid || res.Fields[tc.field] != tc.msg || res.Msg != tc.msg {
			t.Errorf("%v: code %d msg %q fields %v", tc.body, res.Code, res.Msg, res.Fields)
		}
	}
	res := env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/area", Token: admin, Locale: "zh_CN", Body: map[string]any{"name": "X"}})
	if res.Fields["code"] != "区域编码不能为空" {
		t.Errorf("zh message: %v", res.Fields)
	}

	var created sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/area", Token: admin,
		Body: map[string]any{"code": "330106", "parentCode": "330100", "name": "西湖区", "sort": 3, "names": map[string]string{"en": "Xihu District"}}})).Into(t, &created)
	if created.Level != sys.AreaDistrict || created.Label != "Xihu District" || created.ParentCode != "330100" {
		t.Fatalf("created %+v", created)
	}
	res = env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/area", Token: admin, Body: map[string]any{"code": "330106001", "parentCode": "330106", "name": "Street"}})
	if res.Code != api.CodeInvalid || res.Fields["parentCode"] != "Areas go at most four levels deep: country, province, city, district" {
		t.Errorf("fifth level: %d %v", res.Code, res.Fields)
	}
	var country sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/area", Token: admin, Body: map[string]any{"code": "nl", "name": "Netherlands"}})).Into(t, &country)
	if country.Code != "NL" || country.Level != sys.AreaCountry {
		t.Errorf("new country %+v", country)
	}
	if hz := areaChildren(t, env, admin, "en_US", "330000")[0]; !hz.HasChildren {
		t.Errorf("Hangzhou after adding a district: %+v", hz)
	}

	var edited sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPut, Path: "/api/sys/area/330106", Token: admin,
		Body: map[string]any{"name": "西湖", "sort": 1, "names": map[string]string{"en": "West Lake", "ja": "西湖区"}}})).Into(t, &edited)
	if edited.Name != "西湖" || edited.Sort != 1 || edited.Names["ja"] != "西湖区" || edited.Level != sys.AreaDistrict {
		t.Errorf("edited %+v", edited)
	}
	var got sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/330106", Token: admin, Locale: "ja_JP"})).Into(t, &got)
	if got.Label != "西湖区" || got.Name != "西湖" {
		t.Errorf("read back %+v", got)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPut, Path: "/api/sys/area/330106", Token: admin, Body: map[string]any{"name": "西湖区"}})).Into(t, &got)
	if got.Names["ja"] != "西湖区" || got.Sort != 0 {
		t.Errorf("an edit without names dropped the translations: %+v", got)
	}
	if res := env.Do(platformtest.Req{Method: http.MethodPut, Path: "/api/sys/area/330106", Token: admin, Body: map[string]any{"name": " "}}); res.Code != api.CodeInvalid || res.Fields["name"] == "" {
		t.Errorf("empty name: %d %v", res.Code, res.Fields)
	}
	if res := env.Do(platformtest.Req{Method: http.MethodPut, Path: "/api/sys/area/XX9", Token: admin, Body: map[string]any{"name": "X"}}); res.Code != api.CodeNotFound {
		t.Errorf("edit unknown: %d", res.Code)
	}
	if res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/XX9", Token: admin}); res.Code != api.CodeNotFound {
		t.Errorf("get unknown: %d", res.Code)
	}
}

func TestAreaDeleteIsRefusedWithChildrenOrInUse(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	admin := env.AdminToken()
	del := func(code string) platformtest.Envelope {
		return env.Do(platformtest.Req{Method: http.MethodDelete, Path: "/api/sys/area/" + code, Token: admin})
	}
	if res := del("330000"); res.Code != api.CodeConflict || res.Msg != "This area still has sub-areas; delete them first" {
		t.Errorf("with children: %d %q", res.Code, res.Msg)
	}
	// The demo merchant and its venue are in Shanghai (310100).
	if res := del("310100"); res.Code != api.CodeConflict || res.Msg != "Organisations use this area in their address, so it cannot be deleted" {
		t.Errorf("in use: %d %q", res.Code, res.Msg)
	}
	if res := env.Do(platformtest.Req{Method: http.MethodDelete, Path: "/api/sys/area/310100", Token: admin, Locale: "de_DE"}); !strings.Contains(res.Msg, "Gebiet") {
		t.Errorf("in use, German: %q", res.Msg)
	}
	platformtest.OK(t, del("331100"))
	if res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/331100", Token: admin}); res.Code != api.CodeNotFound {
		t.Errorf("deleted area still answers %d", res.Code)
	}
	if res := del("331100"); res.Code != api.CodeNotFound {
		t.Errorf("deleting twice: %d", res.Code)
	}
}

func TestAreaSearchAnswersPathNames(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	search := func(keyword, locale string) []sys.AreaMatch {
		var out []sys.AreaMatch
		platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/search?keyword=" + keyword, Token: admin, Locale: locale})).Into(t, &out)
		return out
	}
	hits := search("%E6%9D%AD%E5%B7%9E", "en_US") // 杭州
	if len(hits) != 1 || hits[0].Code != "330100" || hits[0].Path != "China / Zhejiang / Hangzhou" ||
		!slices.Equal(hits[0].PathCodes, []string{"CN", "330000", "330100"}) {
		t.Fatalf("杭州: %+v", hits)
	}
	if zh := search("%E6%9D%AD%E5%B7%9E", "zh_CN"); zh[0].Path != "中国 / 浙江省 / 杭州市" {
		t.Errorf("zh path %q", zh[0].Path)
	}
	// anywhere in the name (issue 17), in the order of level and sort
	var codes []string
	for _, a := range search("HANGZ", "en_US") {
		codes = append(codes, a.Code)
	}
	if slices.Sort(codes); !slices.Equal(codes, []string{"140400", "320400", "330100", "350600"}) { // Changzhi, Changzhou, Hangzhou, Zhangzhou
		t.Errorf("by English name: %v", codes)
	}
	// the translated names are JSON: their language keys ("en") are not names
	for _, a := range search("en", "en_US") {
		text := a.Name + a.Code
		for _, n := range a.Names {
			text += "|" + n
		}
		if !strings.Contains(strings.ToLower(text), "en") {
			t.Errorf("%q found by its language key", a.Label)
		}
	}
	if byCode := search("3301", "en_US"); len(byCode) != 1 || byCode[0].Code != "330100" {
		t.Errorf("by code: %+v", byCode)
	}
	if china := search("China", "en_US"); len(china) != 1 || china[0].Path != "China" || !china[0].HasChildren {
		t.Errorf("country: %+v", china)
	}
	if many := search("4", "en_US"); len(many) != 50 || many[0].Level != sys.AreaProvince {
		t.Errorf("the cap: %d", len(many))
	}
	for _, kw := range []string{"%25", "_", "", "%21"} {
		if got := search(kw, "en_US"); len(got) != 0 {
			t.Errorf("%q matches %d areas", kw, len(got))
		}
	}
}

func TestAreaImportIsAllOrNothing(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	upload := func(name string, content []byte) api.ImportReport {
		t.Helper()
		var report api.ImportReport
		platformtest.OK(t, env.Upload("/api/sys/area/import", admin, name, content)).Into(t, &report)
		return report
	}
	before := areaCount(t, env)
	bad := "code,parentCode,name,level,sort\n" +
		"330102,330100,上城区,4,1\n" + // valid, but the file fails as a whole
		",330100,No code,4,0\n" +
		"330105,999999,Unknown parent,4,0\n" +
		"330102,330100,Same code again,4,0\n" +
		"330108,330100,Wrong level,3,0\n" +
		"330109,330100,,x,0\n" +
		"XX,,Country with level 2,2,0\n"
	report := upload("areas.csv", []byte(bad))
	wantRows := map[int]string{3: "code", 4: "parentCode", 5: "code", 6: "level", 7: "name", 8: "parentCode"}
	gotRows := map[int]bool{}
	for _, e := range report.Errors {
		gotRows[e.Row] = true
		if e.Message == "" {
			t.Errorf("row %d: empty message", e.Row)
		}
	}
	if report.Imported != 0 || report.Total != 7 || len(gotRows) != len(wantRows) || gotRows[2] {
		t.Fatalf("report %+v", report)
	}
	for _, e := range report.Errors {
		if e.Row == 3 && e.Message != "Area code cannot be empty" ||
			e.Row == 4 && e.Message != "Parent area 999999 does not exist" ||
			e.Row == 5 && e.Message != "Area code repeats row 2 of the file" ||
			e.Row == 6 && e.Message != "Level must be 4, one below the parent area" {
			t.Errorf("row %d %s: %q", e.Row, e.Field, e.Message)
		}
	}
	if n := areaCount(t, env); n != before {
		t.Fatalf("a bad import wrote %d areas", n-before)
	}

	// New codes are inserted, existing ones updated; a row without names keeps the area's translations.
	good := "\xef\xbb\xbfcode,parentCode,name,level,sort,names\n" +
		"330102,330100,上城区,4,1,\"{\"\"en\"\":\"\"Shangcheng\"\"}\"\n" +
		"330105,330100,拱墅区,4,2,\n" +
		"330100,330000,杭州,3,0,\n" +
		"\n" +
		"NL,,Netherlands,1,20,\"{\"\"nl\"\":\"\"Nederland\"\"}\"\n" +
		"NL-NH,NL,North Holland,2,0,\n"
	report = upload("areas.csv", []byte(good))
	if report.Imported != 6-1 || len(report.Errors) != 0 {
		t.Fatalf("good import %+v", report)
	}
	if n := areaCount(t, env); n != before+4 {
		t.Errorf("areas after import: %d, want %d", n, before+4)
	}
	districts := areaChildren(t, env, admin, "en_US", "330100")
	if len(districts) != 2 || districts[0].Label != "Shangcheng" || districts[1].Name != "拱墅区" {
		t.Errorf("districts %+v", districts)
	}
	var hz sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/330100", Token: admin, Locale: "en_US"})).Into(t, &hz)
	if hz.Name != "杭州" || hz.Label != "Hangzhou" || !hz.HasChildren {
		t.Errorf("updated Hangzhou %+v", hz)
	}

	// Excel works alike, and the template is one.
	tpl := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/import/template", Token: admin})
	header, rows, err := sheet.Read(strings.NewReader(string(tpl.Body)))
	if err != nil || tpl.Header.Get("Content-Type") != sheet.ContentType || len(header) != 6 || header[0] != "Area code *" || len(rows) == 0 {
		t.Fatalf("template %v %v %v", header, rows, err)
	}
	xlsx, err := sheet.Write("areas", header, [][]any{{"330106", "330100", "西湖区", 4, 3, ""}, {"330108", "330100", "滨江区", "4", "", `{"en":"Binjiang"}`}})
	if err != nil {
		t.Fatal(err)
	}
	if report := upload("areas.xlsx", xlsx); report.Imported != 2 {
		t.Fatalf("xlsx import %+v", report)
	}
	if n := len(areaChildren(t, env, admin, "en_US", "330100")); n != 4 {
		t.Errorf("districts after the Excel import: %d", n)
	}
	if res := env.Upload("/api/sys/area/import", admin, "areas.csv", []byte{0xff, 0xfe, 'c', 0, 'o', 0}); res.Code != sys.CodeUploadRefused {
		t.Errorf("UTF-16 file: %d", res.Code)
	}
	if res := env.Upload("/api/sys/area/import", admin, "areas.csv", []byte("code,parentCode,name,level,sort\n")); res.Code != api.CodeInvalid {
		t.Errorf("header only: %d", res.Code)
	}
}

// The shipped files are valid import files: importing them changes nothing.
func TestAreaDataFilesPassTheImportChecks(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	for _, name := range []string{"areadata/countries.csv", "areadata/china.csv"} {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var report api.ImportReport
		platformtest.OK(t, env.Upload("/api/sys/area/import", admin, name, raw)).Into(t, &report)
		if len(report.Errors) != 0 || report.Imported == 0 {
			t.Fatalf("%s: %+v", name, report.Errors)
		}
	}
	if n := areaCount(t, env); n != seededAreas {
		t.Errorf("areas %d, want %d", n, seededAreas)
	}
}

func TestAreaSeedIsIdempotentAndKeepsEdits(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	admin := env.AdminToken()
	ctx := platformtest.SystemCtx(t)
	if n := areaCount(t, env); n != seededAreas {
		t.Fatalf("seeded %d areas, want %d", n, seededAreas)
	}
	if err := env.P.Sys.Seed(ctx, false); err != nil {
		t.Fatal(err)
	}
	if n := areaCount(t, env); n != seededAreas {
		t.Fatalf("after a second seed: %d", n)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPut, Path: "/api/sys/area/330100", Token: admin, Body: map[string]any{"name": "杭州（编辑）"}}))
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodDelete, Path: "/api/sys/area/659012", Token: admin}))
	if err := env.P.Sys.Seed(ctx, false); err != nil {
		t.Fatal(err)
	}
	if n := areaCount(t, env); n != seededAreas-1 {
		t.Errorf("a restart brought a deleted area back: %d", n)
	}

	// A new version of the data adds what is missing and still keeps the edit.
	if err := env.P.DB.WithContext(ctx).Exec("DELETE FROM sys_settings WHERE " + quoteKey(env) + " = 'area_seed'").Error; err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := env.P.Sys.Seed(ctx, false); err != nil {
		t.Fatal(err)
	}
	t.Logf("seed with the areas: %v", time.Since(start))
	if n := areaCount(t, env); n != seededAreas {
		t.Errorf("after a data upgrade: %d", n)
	}
	var hz sys.AreaView
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/330100", Token: admin})).Into(t, &hz)
	if hz.Name != "杭州（编辑）" || hz.Names["en"] != "Hangzhou" {
		t.Errorf("the seed overwrote an edit: %+v", hz)
	}

	// From an empty table the areas go in well under a second.
	if err := env.P.DB.WithContext(ctx).Exec("DELETE FROM sys_areas").Error; err != nil {
		t.Fatal(err)
	}
	if err := env.P.DB.WithContext(ctx).Exec("DELETE FROM sys_settings WHERE " + quoteKey(env) + " = 'area_seed'").Error; err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	if err := env.P.Sys.Seed(ctx, false); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("seed from empty: %v", took)
	if n := areaCount(t, env); n != seededAreas || took > time.Second {
		t.Errorf("from empty: %d areas in %v", n, took)
	}
}

func quoteKey(env *platformtest.Env) string {
	if env.P.DB.Dialector.Name() == "mysql" {
		return "`key`"
	}
	return `"key"`
}

func TestAreaMerchantAdministratorMayReadButNotChange(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	merchant := env.Login("demo_admin", sys.DemoPassword)
	if provinces := areaChildren(t, env, merchant, "en_US", "CN"); len(provinces) != 34 {
		t.Fatalf("merchant reads %d provinces", len(provinces))
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/330100", Token: merchant}))
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/area/search?keyword=33", Token: merchant}))
	for _, req := range []platformtest.Req{
		{Method: http.MethodPost, Path: "/api/sys/area", Body: map[string]any{"code": "330106", "parentCode": "330100", "name": "西湖区"}},
		{Method: http.MethodPut, Path: "/api/sys/area/330100", Body: map[string]any{"name": "X"}},
		{Method: http.MethodDelete, Path: "/api/sys/area/331100"},
		{Method: http.MethodGet, Path: "/api/sys/area/import/template"},
	} {
		req.Token = merchant
		if res := env.Do(req); res.Status != http.StatusForbidden || res.Code != api.CodeForbidden {
			t.Errorf("%s %s: HTTP %d code %d", req.Method, req.Path, res.Status, res.Code)
		}
	}
	if res := env.Upload("/api/sys/area/import", merchant, "areas.csv", []byte("code,parentCode,name,level,sort\nNL,,Netherlands,1,0\n")); res.Status != http.StatusForbidden {
		t.Errorf("import: HTTP %d", res.Status)
	}
}
