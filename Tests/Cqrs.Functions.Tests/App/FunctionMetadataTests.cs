using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.App;

/// <summary>The functions.metadata the build writes: what the Functions host reads to index the app's functions.</summary>
public sealed class FunctionMetadataTests
{
    [Fact]
    public void Metadata_ListsEveryFunction_WithItsTrigger_Methods_Route_AndAuthLevel()
    {
        using var metadata = JsonDocument.Parse(File.ReadAllText(Path.Combine(FunctionsApp.OutputDirectory, "functions.metadata")));

        var functions = metadata.RootElement.EnumerateArray()
            .Select(function =>
            {
                var trigger = function.GetProperty("bindings").EnumerateArray().Single(binding => binding.GetProperty("direction").GetString() == "In");
                var methods = string.Join(",", trigger.GetProperty("methods").EnumerateArray().Select(method => method.GetString()));
                return $"{function.GetProperty("name").GetString()} {trigger.GetProperty("type").GetString()} {methods} " +
                    $"{trigger.GetProperty("route").GetString()} {trigger.GetProperty("authLevel").GetString()} " +
                    $"{function.GetProperty("entryPoint").GetString()}";
            })
            .Order(StringComparer.Ordinal);

        Assert.Equal(
            [
                "GetDelivery httpTrigger get deliveries/{deliveryId} Function Sample.Functions.Triggers.GetDeliveryFunction.RunAsync",
                "RunBenchmark httpTrigger post benchmark Function Cqrs.Functions.Benchmark.RunBenchmarkFunction.RunAsync",
                "SendCommand httpTrigger post commands/{wireName} Function Sample.Functions.Triggers.SendCommandFunction.RunAsync",
            ],
            functions);
    }

    [Fact]
    public void Build_CopiesTheRepositorysHostJson()
    {
        Assert.Equal(
            File.ReadAllText(Path.Combine(FunctionsApp.RepositoryRoot, "host.json")),
            File.ReadAllText(Path.Combine(FunctionsApp.OutputDirectory, "host.json")));
    }
}
