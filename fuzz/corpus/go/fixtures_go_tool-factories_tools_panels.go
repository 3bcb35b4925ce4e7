package tools

import (
	"context"

	"example.com/dash"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PanelArgs struct {
	UID string `json:"uid"`
}

func getPanel(ctx context.Context, a PanelArgs) (string, error) { return "", nil }

var GetPanel = dash.MustTool("get_panel", "Get a panel", getPanel,
	dash.ReadOnly(true), dash.OpenWorld(false))

var DeletePanel = dash.MustTool("delete_panel", "Delete a panel", getPanel, // expect: MCP004, MCP005
	dash.Destructive(true), dash.OpenWorld(false))

// No options: no hints.
var PanelCount = dash.MustTool("count_panels", "Count panels", getPanel) // expect: MCP001

var Tuned = dash.MustTool("tune_panel", "Tune a panel", getPanel, dash.FromEnv()) // expect: MCP031

func AddPanelTools(s *mcp.Server) {
	GetPanel.Register(s)
	DeletePanel.Register(s)
	PanelCount.Register(s)
	Tuned.Register(s)
}

var registry = dash.NewToolRegistry("panels")
