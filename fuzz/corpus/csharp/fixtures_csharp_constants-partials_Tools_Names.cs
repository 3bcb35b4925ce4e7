namespace Wiki.Tools;

public static class Names
{
    public const string Prefix = "wiki";
    public const string Get = Prefix + "_get_page";
    public static readonly string Edit = $"{Prefix}_edit_page";
}
