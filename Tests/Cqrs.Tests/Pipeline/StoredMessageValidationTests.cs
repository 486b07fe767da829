using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Domain.Scopes;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// A stored message skips validation on receive only when this container's pipeline validated and serialized its very
/// body; any other body, whoever built the message, is validated, in every dispatch mode.
/// </summary>
public sealed class StoredMessageValidationTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PublishAsync_InvalidBodyThePipelineDidNotValidate_IsDeadLetteredAsInvalidAndNotHandled(bool directDispatch)
    {
        await using var provider = TestHost.Create(options => options.DirectDispatch = directDispatch);
        var recorder = provider.GetRequiredService<Recorder>();
        var body = Payloads.Of(provider, SampleOrders.Invalid());
        var stored = new StoredMessage("tests.v1.submit-order", Guid.CreateVersion7(), Guid.NewGuid(), Guid.Empty, body, new StreamPosition("orders-1", 1));
        var delivery = new StoredDelivery(stored.Stream);

        await provider.GetRequiredService<IMessageStorePipeline>().PublishAsync(stored, delivery, cause: null, CancellationToken.None);

        Assert.True(await delivery.Delivered);
        var letter = Assert.Single(provider.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
        Assert.Equal(("tests.v1.submit-order", DeadLetterReasons.ValidationFailed), (letter.WireName, letter.Reason));
        Assert.Empty(recorder.Deliveries);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PublishAsync_BodyThePipelineValidated_IsValidatedOnceOnly(bool directDispatch)
    {
        await using var provider = TestHost.Create(options => options.DirectDispatch = directDispatch);
        var pipeline = provider.GetRequiredService<IMessageStorePipeline>();
        var serialized = await pipeline.ValidateAndSerializeAsync(new ProbeScope(3), CancellationToken.None);

        await PublishHandledAsync(pipeline, serialized.WireName, serialized.Body);

        Assert.Single(provider.GetRequiredService<ValidationScopes>().Ids);
    }

    [Fact]
    public async Task PublishAsync_CopyOfABodyThePipelineValidated_IsValidatedAgain()
    {
        await using var provider = TestHost.Create();
        var pipeline = provider.GetRequiredService<IMessageStorePipeline>();
        var serialized = await pipeline.ValidateAndSerializeAsync(new ProbeScope(3), CancellationToken.None);

        await PublishHandledAsync(pipeline, serialized.WireName, serialized.Body.ToArray());

        Assert.Equal(2, provider.GetRequiredService<ValidationScopes>().Ids.Count);
    }

    private static async Task PublishHandledAsync(IMessageStorePipeline pipeline, string wireName, byte[] body)
    {
        var stored = new StoredMessage(wireName, pipeline.NewMessageId(), Guid.NewGuid(), Guid.Empty, body, new StreamPosition("probes-1", 1));
        var delivery = new StoredDelivery(stored.Stream);

        await pipeline.PublishAsync(stored, delivery, cause: null, CancellationToken.None);

        Assert.True(await delivery.Delivered);
    }
}
