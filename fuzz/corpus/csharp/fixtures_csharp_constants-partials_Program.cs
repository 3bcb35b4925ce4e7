using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Wiki.Tools;

var builder = Host.CreateApplicationBuilder(args);
var types = new[] { typeof(PageTools) };
builder.Services.AddMcpServer().WithStdioServerTransport().WithTools(types);
await builder.Build().RunAsync();
