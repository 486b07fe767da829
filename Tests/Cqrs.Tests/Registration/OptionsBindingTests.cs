using System.Reflection;
using Cqrs.Tests.Support;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Cqrs.Tests.Registration;

/// <summary>Options bind from configuration, over what the configure delegate set, and that delegate runs once.</summary>
public sealed class OptionsBindingTests
{
    /// <summary>A value other than the default for every option.</summary>
    private static readonly Dictionary<string, string?> EveryOption = new()
    {
        ["Cqrs:DirectDispatch"] = "true",
        ["Cqrs:HandlerLifetime"] = "Scoped",
        ["Cqrs:MaxMessageBytes"] = "1000",
        ["Cqrs:Retry:ImmediateRetries"] = "5",
        ["Cqrs:Retry:Delays:0"] = "00:00:02",
        ["Cqrs:Retry:Delays:1"] = "00:00:03",
        ["Cqrs:InProcess:Concurrency"] = "3",
        ["Cqrs:InProcess:MaxInFlight"] = "7",
        ["Cqrs:InProcess:ShutdownTimeout"] = "00:00:09",
        ["Cqrs:InProcess:DeadLetterCapacity"] = "50",
        ["Cqrs:InProcess:MaxQueuedMessages"] = "60",
        ["Cqrs:ValidateInDirectDispatch"] = "false",
        ["Cqrs:SendOnly"] = "true",
        ["Cqrs:Receive:Handlers:0"] = "Cqrs.Tests.Domain.Building.FileStamped",
        ["Cqrs:Receive:ExceptHandlers:0"] = "Cqrs.Tests.Domain.Building.AnnounceStamped",
    };

    [Fact]
    public void EveryOption_HasAValueInTheBindingTests()
    {
        var keys = EveryOption.Keys.Select(key => key.Split(':')[1..]).Select(path => string.Join(':', path.TakeWhile(part => !int.TryParse(part, out _))));

        Assert.Equal(OptionPaths(typeof(CqrsOptions), prefix: "").Order(), keys.Distinct().Order());
    }

    [Fact]
    public void AddCqrs_WithASection_BindsEveryOption()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(EveryOption).Build();
        var services = new ServiceCollection();

        var builder = services.AddCqrs(configuration.GetSection(CqrsOptions.SectionName));

        using var provider = services.BuildServiceProvider();
        AssertEveryOptionBound(provider.GetRequiredService<IOptions<CqrsOptions>>().Value);
        Assert.Equal(ServiceLifetime.Scoped, builder.HandlerLifetime);
    }

    [Fact]
    public void AddCqrs_InAHostWithAJsonFile_BindsItsCqrsSection()
    {
        var file = Path.Combine(Path.GetTempPath(), $"cqrs-options-{Guid.NewGuid():N}.json");
        File.WriteAllText(file, """
            { "Cqrs": { "MaxMessageBytes": 2000, "Retry": { "ImmediateRetries": 0, "Delays": [ "00:00:04" ] }, "InProcess": { "Concurrency": 2 } } }
            """);
        try
        {
            var host = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
            host.Configuration.AddJsonFile(file);
            host.Services.AddCqrs(options => options.InProcess.MaxInFlight = 11);

            using var built = host.Build();
            var options = built.Services.GetRequiredService<IOptions<CqrsOptions>>().Value;

            Assert.Equal((2000, 0, 2, 11), (options.MaxMessageBytes, options.Retry.ImmediateRetries, options.InProcess.Concurrency, options.InProcess.MaxInFlight));
            Assert.Equal([TimeSpan.FromSeconds(4)], options.Retry.Delays);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void AddCqrs_ConfigurationOverridesWhatConfigureSet()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?> { ["InProcess:Concurrency"] = "3" }).Build();
        var services = new ServiceCollection();

        services.AddCqrs(configuration, options =>
        {
            options.InProcess.Concurrency = 2;
            options.InProcess.MaxInFlight = 5;
        });

        using var provider = services.BuildServiceProvider();
        var options = provider.GetRequiredService<IOptions<CqrsOptions>>().Value;
        Assert.Equal((3, 5), (options.InProcess.Concurrency, options.InProcess.MaxInFlight));
    }

    [Fact]
    public void ReceiveLists_FromConfiguration_ReplaceThoseSetInCode()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Receive:Handlers:0"] = "Cqrs.Tests.Domain.Building.FileStamped",
            ["Receive:ExceptHandlers:0"] = "Cqrs.Tests.Domain.Building.AnnounceStamped",
        }).Build();
        var services = new ServiceCollection();

        services.AddCqrs(configuration, options =>
        {
            options.Receive.Handlers = ["Cqrs.Tests.Domain.Building.StampHandler"];
            options.Receive.ExceptHandlers = ["Cqrs.Tests.Domain.Building.StampHandler"];
        });

        using var provider = services.BuildServiceProvider();
        var receive = provider.GetRequiredService<IOptions<CqrsOptions>>().Value.Receive;
        Assert.Equal(["Cqrs.Tests.Domain.Building.FileStamped"], receive.Handlers);
        Assert.Equal(["Cqrs.Tests.Domain.Building.AnnounceStamped"], receive.ExceptHandlers);
    }

    [Fact]
    public void Configure_RunsOnceForEveryContainer()
    {
        var runs = 0;
        var services = new ServiceCollection();
        services.AddCqrs(options =>
        {
            runs++;
            options.Retry.Delays.Add(TimeSpan.FromMinutes(5));
        });

        using var first = services.BuildServiceProvider();
        using var second = services.BuildServiceProvider();
        var firstOptions = first.GetRequiredService<IOptions<CqrsOptions>>().Value;
        var secondOptions = second.GetRequiredService<IOptions<CqrsOptions>>().Value;

        Assert.Equal(1, runs);
        Assert.NotSame(firstOptions.Retry.Delays, secondOptions.Retry.Delays);
        Assert.Equal(TimeSpan.FromMinutes(5), Assert.Single(firstOptions.Retry.Delays, delay => delay == TimeSpan.FromMinutes(5)));
    }

    [Fact]
    public void HandlerLifetime_FromTheContainersConfigurationOnly_FailsValidation()
    {
        var host = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        host.Configuration.AddInMemoryCollection(new Dictionary<string, string?> { ["Cqrs:HandlerLifetime"] = "Scoped" });
        host.Services.AddCqrs();

        using var built = host.Build();

        var error = Assert.Throws<OptionsValidationException>(() => built.Services.GetRequiredService<IOptions<CqrsOptions>>().Value);
        Assert.Contains(error.Failures, failure => failure.StartsWith("HandlerLifetime is Singleton", StringComparison.Ordinal));
    }

    private static void AssertEveryOptionBound(CqrsOptions options)
    {
        Assert.Equal((true, ServiceLifetime.Scoped, 1000), (options.DirectDispatch, options.HandlerLifetime, options.MaxMessageBytes));
        Assert.Equal(5, options.Retry.ImmediateRetries);
        Assert.Equal([TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(3)], options.Retry.Delays);
        Assert.Equal((3, 7, TimeSpan.FromSeconds(9)), (options.InProcess.Concurrency, options.InProcess.MaxInFlight, options.InProcess.ShutdownTimeout));
        Assert.Equal((50, 60), (options.InProcess.DeadLetterCapacity, options.InProcess.MaxQueuedMessages));
        Assert.False(options.ValidateInDirectDispatch);
        Assert.True(options.SendOnly);
        Assert.Equal(["Cqrs.Tests.Domain.Building.FileStamped"], options.Receive.Handlers);
        Assert.Equal(["Cqrs.Tests.Domain.Building.AnnounceStamped"], options.Receive.ExceptHandlers);
    }

    /// <summary>The configuration path of every settable option, nested options' included.</summary>
    private static IEnumerable<string> OptionPaths(Type type, string prefix) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(property => property.CanWrite).SelectMany(property =>
            property.PropertyType.IsClass && property.PropertyType.Namespace == typeof(CqrsOptions).Namespace
                ? OptionPaths(property.PropertyType, $"{prefix}{property.Name}:")
                : [prefix + property.Name]);
}
