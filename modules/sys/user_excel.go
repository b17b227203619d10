package sys

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
)

// maxExportRows bounds one export.
const maxExportRows = 10000

var userColumns = []string{"username", "realName", "mobile", "email", "orgId", "roles", "status", "createdAt"}

func (m *Module) userExport(c *api.Ctx) (any, error) {
	var q UserQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.PageNo, q.PageSize = 1, maxExportRows
	page, err := m.Users.list(c.Ctx(), q, maxExportRows)
	if err != nil {
		return nil, err
	}
	if len(page.Records) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	header := make([]string, len(userColumns))
	for i, col := range userColumns {
		header[i] = api.FieldLabel(c.Lang(), col)
	}
	rows := make([][]any, len(page.Records))
	for i, u := range page.Records {
		codes := make([]string, len(u.Roles))
		for j, r := range u.Roles {
			codes[j] = r.Code
		}
		status := c.T("status.enabled", nil)
		if u.Status != StatusEnabled {
			status = c.T("status.disabled", nil)
		}
		rows[i] = []any{u.Username, u.RealName, u.Mobile, u.Email, fmt.Sprintf("%d %s", u.OrgID, u.OrgName),
			strings.Join(codes, ","), status, u.CreatedAt.Format(time.DateTime)}
	}
	return api.SendSheet(c, "users-"+time.Now().Format("20060102-150405")+".xlsx", "users", header, rows)
}

var importColumns = []string{"username", "mobile", "realName", "email", "orgId", "roles", "password"}

func (m *Module) userImportTemplate(c *api.Ctx) (any, error) {
	header := make([]string, len(importColumns))
	for i, col := range importColumns {
		header[i] = api.FieldLabel(c.Lang(), col)
		if col == "username" || col == "mobile" || col == "orgId" || col == "password" {
			header[i] += " *"
		}
	}
	p := c.Principal()
	example := []any{"jane_doe", "13900000000", "Jane Doe", "jane@example.com", p.OrgID, "waiter", "Change@123"}
	return api.SendSheet(c, "user-import-template.xlsx", "users", header, [][]any{example})
}

func (m *Module) userImport(c *api.Ctx) (any, error) {
	raw, err := api.ImportUpload(c, "import.not_excel")
	if err != nil {
		return nil, err
	}
	rows, err := api.ReadImportSheet(raw, c.Lang(), importColumns, "username", "mobile", "orgId", "password")
	if err != nil {
		return nil, err
	}
	return m.Users.Import(c.Ctx(), c.Principal(), m.Perms, c.Lang(), rows)
}

// Import validates every row and creates the users in one transaction only
// when all rows are valid; otherwise it writes nothing and reports each bad row.
func (s *UserService) Import(ctx context.Context, p *api.Principal, perms *Perms, lang string, rows [][]string) (*api.ImportReport, error) {
	report := &api.ImportReport{Total: len(rows), Errors: []api.ImportError{}}
	seenName, seenMobile := map[string]int{}, map[string]int{}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var roleByCode = map[string]uint64{}
		var roles []Role
		if err := tx.Find(&roles).Error; err != nil {
			return err
		}
		for _, r := range roles {
			if _, taken := roleByCode[r.Code]; !taken || r.MerchantID != 0 {
				roleByCode[r.Code] = r.ID
			}
		}
		for i, row := range rows {
			line := i + 2
			orgID, _ := strconv.ParseUint(strings.Fields(row[4] + " 0")[0], 10, 64)
			in := UserInput{Username: row[0], Mobile: row[1], RealName: row[2], Email: row[3], OrgID: orgID, Password: row[6]}
			rowErr := validateUser(&in, true, s.policy())
			if rowErr == nil && in.Password == "" {
				rowErr = api.Invalid("password", "validation.required", nil)
			}
			if rowErr == nil {
				if prev, dup := seenName[in.Username]; dup {
					rowErr = api.Invalid("username", "import.duplicate_in_file", map[string]any{"Row": prev})
				} else if prev, dup := seenMobile[in.Mobile]; dup {
					rowErr = api.Invalid("mobile", "import.duplicate_in_file", map[string]any{"Row": prev})
				}
			}
			seenName[in.Username], seenMobile[in.Mobile] = line, line
			for _, code := range strings.FieldsFunc(row[5], func(r rune) bool { return r == ',' || r == ' ' || r == '，' }) {
				id, ok := roleByCode[code]
				if !ok && rowErr == nil {
					rowErr = api.Invalid("roles", "error.role_unknown", map[string]any{"Code": code})
				}
				in.RoleIDs = append(in.RoleIDs, id)
			}
			if rowErr == nil {
				rowErr = tx.Transaction(func(row *gorm.DB) error {
					_, err := s.createIn(row, p, perms, in)
					return err
				})
			}
			if rowErr != nil {
				var ae *api.Error
				if !errors.As(rowErr, &ae) && !dbx.IsDuplicate(rowErr) {
					return rowErr // a database failure, not a bad row
				}
				report.Errors = append(report.Errors, api.RowError(lang, line, rowErr)...)
			}
		}
		if len(report.Errors) > 0 {
			return errRollback
		}
		report.Imported = len(rows)
		return nil
	})
	if err != nil && err != errRollback {
		return nil, err
	}
	if report.Imported > 0 {
		s.usersChanged(ctx)
	}
	return report, nil
}

// errRollback undoes an import transaction that found bad rows.
var errRollback = errors.New("import has bad rows")

// createIn writes one validated user inside tx.
func (s *UserService) createIn(tx *gorm.DB, p *api.Principal, perms *Perms, in UserInput) (*User, error) {
	org, err := visibleOrg(tx, in.OrgID)
	if err != nil {
		return nil, err
	}
	if err := uniqueUser(tx, 0, "username", in.Username, in.Mobile); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	u := User{Username: in.Username, Mobile: &in.Mobile, RealName: in.RealName, Email: in.Email, PasswordHash: hash,
		AdminFlag: "0", Status: StatusEnabled, MustChangePassword: true}
	placeIn(&u, org)
	if in.Status != nil {
		u.Status = *in.Status
	}
	if err := tx.Create(&u).Error; err != nil {
		return nil, err
	}
	if err := indexUsers(tx, u.ID); err != nil {
		return nil, err
	}
	return &u, s.setRoles(tx, p, perms, &u, in.RoleIDs)
}
