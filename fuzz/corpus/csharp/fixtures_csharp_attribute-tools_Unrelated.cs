using System.ComponentModel;

namespace Notes;

// A `[Description]`-only class: described for humans, never a tool.
public class NoteFormatter
{
    [Description("Formats a note for display")]
    public string Format(string text) => text.Trim();
}
