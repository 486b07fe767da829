using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Testing.Domain.Screening;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Testing;

/// <summary>Bad input at receive: dead-lettered at once with its reason, never handled, never retried.</summary>
public abstract partial class TransportContractTests
{
    private const string SubmitOrderWireName = "tests.v1.submit-order";
    private const string EnrolWireName = "tests.v1.enrol";

    /// <summary>A message under a wire name nothing is registered for is dead-lettered at once as <see cref="DeadLetterReasons.UnknownMessageType"/>, naming it, and nothing is handled.</summary>
    [Fact]
    public async Task Receive_UnknownWireName_IsDeadLetteredAtOnce()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, "tests.v1.nobody-knows-me", Payloads.Of(SampleOrders.Valid()));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal(("tests.v1.nobody-knows-me", DeadLetterReasons.UnknownMessageType), (letter.WireName, letter.Reason));
        Assert.Contains("tests.v1.nobody-knows-me", letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    /// <summary>A body that cannot be read as its message type is dead-lettered at once as <see cref="DeadLetterReasons.DeserializationFailed"/>, with a description (naming the member that could not be read, where one is to blame) and the body as received, and nothing is handled.</summary>
    [Theory]
    [InlineData(MalformedPayload.Empty)]
    [InlineData(MalformedPayload.Truncated)]
    [InlineData(MalformedPayload.Garbage)]
    [InlineData(MalformedPayload.NotAnArray)]
    [InlineData(MalformedPayload.MapInsteadOfArray)]
    [InlineData(MalformedPayload.WrongMemberTypes)]
    [InlineData(MalformedPayload.TrailingBytes)]
    [InlineData(MalformedPayload.NilForNonNullableString)]
    [InlineData(MalformedPayload.NilForNonNullableCollection)]
    [InlineData(MalformedPayload.NilInACollectionElement)]
    [InlineData(MalformedPayload.MissingConstructorMembers)]
    public async Task Receive_MalformedPayload_IsDeadLetteredAtOnceWithoutHandling(MalformedPayload malformed)
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);
        var valid = Payloads.Of(SampleOrders.Valid());
        byte[] body = malformed switch
        {
            MalformedPayload.Empty => [],
            MalformedPayload.Truncated => valid[..^3],
            MalformedPayload.Garbage => [0xC1, 0x00, 0xFF, 0x13],
            MalformedPayload.NotAnArray => [0xA5, .. "hello"u8],
            MalformedPayload.MapInsteadOfArray => [0x81, 0xA1, (byte)'a', 0x01],
            MalformedPayload.WrongMemberTypes => Payloads.Of(new Ping(7)),
            MalformedPayload.TrailingBytes => [.. valid, 0xC0],
            MalformedPayload.NilForNonNullableString => Payloads.Of(SampleOrders.Valid() with { Customer = null! }),
            MalformedPayload.NilForNonNullableCollection => Payloads.Of(SampleOrders.Valid() with { Lines = null! }),
            MalformedPayload.NilInACollectionElement => Payloads.Of(SampleOrders.Valid() with { Lines = [new OrderLine("SKU-1", 1, 1m), new OrderLine(null!, 2, 2m)] }),

            // An array of the first two members only: an order id and a customer, then no lines, no address.
            MalformedPayload.MissingConstructorMembers => [0x92, 0xD9, 0x24, .. "00112233-4455-6677-8899-aabbccddeeff"u8, 0xA1, (byte)'x'],
            _ => throw new ArgumentOutOfRangeException(nameof(malformed)),
        };

        await InjectAsync(provider, SubmitOrderWireName, body);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.DeserializationFailed), (letter.WireName, letter.Reason));
        Assert.False(string.IsNullOrWhiteSpace(letter.Description));
        if (MemberToBlame(malformed) is { } member)
        {
            Assert.Contains($"Cqrs.Testing.Domain.Orders.SubmitOrder {member}: ", letter.Description, StringComparison.Ordinal);
        }

        Assert.Equal(body, letter.Body.ToArray());
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    /// <summary>The key and member that a malformed payload's description names, where one member is to blame.</summary>
    private static string? MemberToBlame(MalformedPayload malformed) => malformed switch
    {
        MalformedPayload.WrongMemberTypes => "key 0 (OrderId)",
        MalformedPayload.NilForNonNullableString => "key 1 (Customer)",
        MalformedPayload.NilForNonNullableCollection => "key 4 (Lines)",
        MalformedPayload.NilInACollectionElement => "key 4 (Lines[1]): Cqrs.Testing.Domain.Orders.OrderLine key 0 (Sku)",
        _ => null,
    };

    /// <summary>A body over <see cref="CqrsOptions.MaxMessageBytes"/> is dead-lettered at once as <see cref="DeadLetterReasons.DeserializationFailed"/>, naming the limit, and not handled.</summary>
    [Fact]
    public async Task Receive_PayloadOverMaxMessageBytes_IsDeadLetteredAtOnceWithoutHandling()
    {
        const int MaxMessageBytes = 256;
        await using var provider = CreateProvider(options => options.MaxMessageBytes = MaxMessageBytes);
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        // Valid in every other way: only its size is over the receiver's limit.
        var body = Payloads.Of(SampleOrders.Valid() with { Customer = new string('x', MaxMessageBytes) });
        await InjectAsync(provider, SubmitOrderWireName, body);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.DeserializationFailed), (letter.WireName, letter.Reason));
        Assert.Contains($"{MaxMessageBytes}-byte limit", letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
    }

    /// <summary>A received message its validators reject is dead-lettered at once as <see cref="DeadLetterReasons.ValidationFailed"/> with every failure, and not handled.</summary>
    [Fact]
    public async Task Receive_PayloadFailingValidation_IsDeadLetteredAtOnceWithoutHandling()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, SubmitOrderWireName, Payloads.Of(SampleOrders.Invalid()));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.ValidationFailed), (letter.WireName, letter.Reason));
        Assert.All(["Customer", "Total", "Lines"], property => Assert.Contains(property, letter.Description, StringComparison.Ordinal));
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    /// <summary>A received message failing an asynchronous validation rule is dead-lettered as <see cref="DeadLetterReasons.ValidationFailed"/> with the rule's message, and not handled.</summary>
    [Fact]
    public async Task Receive_PayloadFailingAnAsyncRule_IsDeadLetteredAtOnceWithoutHandling()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, EnrolWireName, Payloads.Of(new Enrol("ada", 30)));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((EnrolWireName, DeadLetterReasons.ValidationFailed), (letter.WireName, letter.Reason));
        Assert.Contains(Roster.NotListed, letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
    }

    /// <summary>A received message passing its asynchronous rules is handled, and so is the event its handler raises.</summary>
    [Fact]
    public async Task Receive_PayloadPassingAnAsyncRule_IsHandled()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();

        await InjectAsync(provider, EnrolWireName, Payloads.Of(new Enrol("Ada", 30)));

        var enrolled = Assert.Single(await recorder.WaitForAsync<EnrolledHandler>());
        Assert.Equal(new Enrolled("Ada"), enrolled.Message);
        Assert.Empty(DeadLettersOf(provider)());
    }

    /// <summary>
    /// Puts a message on the transport as a foreign sender would, to be received: headers and body as given, nothing
    /// validated, no handler's message its cause. By default it starts the transport's receivers (by starting the
    /// container's hosted services, as a host does) and hands the message to <see cref="ITransport.SendAsync"/>, which suits a transport
    /// that receives what it sends; override it to write to your transport's wire with its own client.
    /// </summary>
    protected virtual async Task InjectAsync(IServiceProvider provider, string wireName, ReadOnlyMemory<byte> body)
    {
        // Nothing goes through the buses here, so nothing would start the transport's receivers: start them as a host would.
        foreach (var service in provider.GetServices<IHostedService>())
        {
            await service.StartAsync(CancellationToken.None);
        }

        var message = new TransportMessage
        {
            MessageId = Guid.CreateVersion7(),
            CorrelationId = Guid.CreateVersion7(),
            WireName = wireName,
            Body = body,
            EnqueuedTime = DateTimeOffset.UtcNow,
        };
        await provider.GetRequiredService<ITransport>().SendAsync(message, cause: null, CancellationToken.None);
    }
}
