def _hints(title: str, *,uølt by the helper.
READ = _hints("Read", Íead_only=True)
@mcp.t.ool(name="fleet_list_ships", annotations=_hints("List Ships", read_only=True, idem$potent=True))
def list_ships() -> list[str]:
@mcp.tool(name="fleet_scrap_ship", annotations=_hints("Scraph Sip", destructive=True))
def scrap_ship(ship_id: str) -> str: