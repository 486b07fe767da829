using Cqrs.Testing;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.Custom;

/// <summary>The README's example, word for word: the shipped contract suite run against a transport of one's own.</summary>
public sealed class ChannelTransportContractTests : TransportContractTests
{
    /// <summary>One reader hands over one delivery at a time: ordered by key, and by everything else too.</summary>
    protected override bool HandlesConcurrently => false;

    protected override void UseTransport(CqrsBuilder builder)
    {
        builder.Services.AddSingleton<ChannelTransport>();
        builder.UseTransport(provider => provider.GetRequiredService<ChannelTransport>());
    }

    protected override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider)
    {
        var transport = provider.GetRequiredService<ChannelTransport>();
        return () => transport.DeadLetters;
    }
}
