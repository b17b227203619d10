package process

import (
	"context"
	"fmt"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/platform/module"
)

// Workbench puts the caller's open-task count on the workbench.
func (m *Module) Workbench(ctx context.Context, p *api.Principal, lang string) []module.Card {
	n, err := m.TodoCount(ctx, p)
	if err != nil {
		return nil
	}
	return []module.Card{{Key: "todo", Title: i18n.T(lang, "workbench.todo", nil), Value: n, Link: "/process/user/tasks"}}
}

// WorkbenchTasks lists the caller's newest open tasks.
func (m *Module) WorkbenchTasks(ctx context.Context, p *api.Principal, limit int) []module.WorkbenchTask {
	page, err := m.Todo(ctx, p, TaskQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: limit}})
	if err != nil {
		return nil
	}
	out := make([]module.WorkbenchTask, 0, len(page.Records))
	for _, t := range page.Records {
		title := t.NodeName
		if t.Title != "" {
			title = t.Title + " · " + t.NodeName
		}
		out = append(out, module.WorkbenchTask{ID: t.ID, Title: title, ProcessName: t.ProcessName, CreatedAt: t.CreatedAt,
			Link: fmt.Sprintf("/process/user/tasks?task=%d", t.ID)})
	}
	return out
}
