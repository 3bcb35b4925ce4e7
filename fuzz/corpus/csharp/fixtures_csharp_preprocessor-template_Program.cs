#if (UseHttp)
var builder = WebApplication.CreateBuilder(args);
#else
var builder = Host.CreateApplicationBuilder(args);
#endif

// `#if` lines inside the chain: the file does not parse whole, the serving
// call is still read.
builder.Services.AddMcpServer()
#if (UseHttp) // expect: MCP090
    .WithHttpTransport()
#else
    .WithStdioServerTransport()
#endif
    .WithTools<ClockTools>();
