using System.Reflection;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.Infra;

/// <summary>infra/main.bicep compiles and lints clean with the Bicep compiler from NuGet, offline.</summary>
public sealed class BicepTests
{
    private static readonly string Bicep = typeof(BicepTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(attribute => attribute.Key == "BicepPath").Value!;

    private static readonly string Template = Path.Combine(FunctionsApp.RepositoryRoot, "infra", "main.bicep");

    [Fact]
    public async Task MainBicep_Builds_WithoutWarnings_IntoTheB1AppWithAlwaysOnAndSingleProcessorTiering()
    {
        using var template = await BuildAsync();

        var plan = Resource(template, "Microsoft.Web/serverfarms");
        Assert.Equal("B1", plan.GetProperty("sku").GetProperty("name").GetString());
        var site = SiteConfig(template);
        Assert.Equal("DOTNET-ISOLATED|10.0", site.GetProperty("linuxFxVersion").GetString());
        Assert.True(site.GetProperty("alwaysOn").GetBoolean());

        // One processor: the runtime's tier-up wait as on several, so the worker is not left on unoptimized code under load.
        Assert.Equal("1", AppSettings(site)["DOTNET_TC_DelaySingleProcMultiplier"]);
    }

    [Fact]
    public async Task MainBicep_MakesTheQueueAndSubscriptionSessionEntities_AndTellsTheAppSo_UnlessToldOtherwise()
    {
        using var template = await BuildAsync();

        Assert.True(template.RootElement.GetProperty("parameters").GetProperty("requiresSession").GetProperty("defaultValue").GetBoolean());
        foreach (var type in new[] { "Microsoft.ServiceBus/namespaces/queues", "Microsoft.ServiceBus/namespaces/topics/subscriptions" })
        {
            Assert.Equal("[parameters('requiresSession')]", Resource(template, type).GetProperty("properties").GetProperty("requiresSession").GetString());
        }

        Assert.Equal("[string(parameters('requiresSession'))]", AppSettings(SiteConfig(template))["Cqrs__ServiceBus__RequiresSession"]);
    }

    [Fact]
    public async Task MainBicep_CreatesTheCommandQueueAndEventTopicWithDuplicateDetection_UnlessToldOtherwise()
    {
        var build = await ToolRun.RunAsync(Bicep, "build", Template, "--stdout");

        using var template = JsonDocument.Parse(build.Output);
        var parameters = template.RootElement.GetProperty("parameters");
        Assert.True(parameters.GetProperty("requiresDuplicateDetection").GetProperty("defaultValue").GetBoolean());
        Assert.Equal("PT10M", parameters.GetProperty("duplicateDetectionWindow").GetProperty("defaultValue").GetString());
        foreach (var type in new[] { "Microsoft.ServiceBus/namespaces/queues", "Microsoft.ServiceBus/namespaces/topics" })
        {
            var properties = template.RootElement.GetProperty("resources").EnumerateArray()
                .Single(resource => resource.GetProperty("type").GetString() == type).GetProperty("properties");
            Assert.Equal("[parameters('requiresDuplicateDetection')]", properties.GetProperty("requiresDuplicateDetection").GetString());
            Assert.Equal("[parameters('duplicateDetectionWindow')]", properties.GetProperty("duplicateDetectionHistoryTimeWindow").GetString());
        }
    }

    [Fact]
    public async Task MainBicep_LintsClean()
    {
        var lint = await ToolRun.RunAsync(Bicep, "lint", Template);

        Assert.True(lint.ExitCode == 0 && lint.Output.Length == 0 && lint.Errors.Length == 0, lint.Output + lint.Errors);
    }

    /// <summary>The ARM template main.bicep compiles to, which must compile without a warning.</summary>
    private static async Task<JsonDocument> BuildAsync()
    {
        var build = await ToolRun.RunAsync(Bicep, "build", Template, "--stdout");
        Assert.True(build.ExitCode == 0 && build.Errors.Length == 0, build.Errors);
        return JsonDocument.Parse(build.Output);
    }

    private static JsonElement Resource(JsonDocument template, string type) =>
        template.RootElement.GetProperty("resources").EnumerateArray().Single(resource => resource.GetProperty("type").GetString() == type);

    private static JsonElement SiteConfig(JsonDocument template) =>
        Resource(template, "Microsoft.Web/sites").GetProperty("properties").GetProperty("siteConfig");

    private static Dictionary<string, string> AppSettings(JsonElement siteConfig) =>
        siteConfig.GetProperty("appSettings").EnumerateArray()
            .ToDictionary(setting => setting.GetProperty("name").GetString()!, setting => setting.GetProperty("value").ToString());
}
